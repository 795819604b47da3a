"""The command line's waiting line: rewritten in place on a terminal and erased at the end; an occasional
line in a log."""

import io

from orkeon_engine.adapters.terminal_wait_line import ERASE, TerminalWaitLine


def test_on_a_terminal_the_line_is_rewritten_in_place_and_erased_once_the_answer_comes():
    out = io.StringIO()
    line = TerminalWaitLine(out, tty=True)

    line("waiting for http://h/v1: 1 s")
    line("waiting for http://h/v1: 2 s")
    line(None)

    assert out.getvalue() == (f"{ERASE}… waiting for http://h/v1: 1 s{ERASE}… waiting for http://h/v1: 2 s"
                              f"{ERASE}")


def test_a_clear_with_nothing_shown_writes_nothing():
    out = io.StringIO()

    TerminalWaitLine(out, tty=True)(None)

    assert out.getvalue() == ""


def test_in_a_log_the_wait_is_one_line_now_and_then_not_one_a_second():
    out = io.StringIO()
    line = TerminalWaitLine(out, tty=False)

    line("waiting for http://h/v1: 1 s")
    line("waiting for http://h/v1: 2 s")
    line(None)

    assert out.getvalue() == "… waiting for http://h/v1: 1 s\n"


def test_a_closed_terminal_is_no_error():
    out = io.StringIO()
    out.close()

    TerminalWaitLine(out, tty=True)("waiting")
