"""The terminal's screen: plain text for scripts and CI, rich for a person, chosen by NO_COLOR, --plain, TERM and
whether stdout is a terminal."""

import io

from orkeon_engine.adapters.terminal_screen import PlainScreen, RichScreen, choose_screen
from orkeon_engine.domain.ui.action_lines import ActionLine
from orkeon_engine.domain.ui.view import CommandView


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_the_drawn_screen():
    assert isinstance(choose_screen({}, plain=False, stdout=Tty(), stderr=io.StringIO()), RichScreen)


def test_no_color_plain_a_dumb_terminal_or_a_pipe_get_todays_plain_text():
    assert isinstance(choose_screen({"NO_COLOR": "1"}, plain=False, stdout=Tty()), PlainScreen)
    assert isinstance(choose_screen({}, plain=True, stdout=Tty()), PlainScreen)
    assert isinstance(choose_screen({"TERM": "dumb"}, plain=False, stdout=Tty()), PlainScreen)
    assert isinstance(choose_screen({}, plain=False, stdout=io.StringIO()), PlainScreen)


def test_the_plain_screen_writes_each_action_line_with_an_edits_diff_under_it():
    err = io.StringIO()
    screen = PlainScreen(err)

    screen.action(ActionLine("Edit a.py +1 −1", diff="-x = 1\n+x = 2"))
    screen.action(ActionLine("Run git push — refused: no", failed=True))

    assert err.getvalue().splitlines() == ["• Edit a.py +1 −1", "    -x = 1", "    +x = 2",
                                           "✗ Run git push — refused: no"]


def test_the_plain_screen_draws_nothing_live_and_leaves_the_view_to_the_caller():
    err = io.StringIO()
    screen = PlainScreen(err)

    screen.working("assistant")
    screen.status("1,200 tokens in, 40 out so far")
    screen.stream("The answer")
    screen.done()

    assert err.getvalue() == "" and not screen.show(CommandView(message="**x**", markdown=True), 80)


def test_the_drawn_screen_renders_an_answer_in_markdown_with_its_closing_line_apart():
    out = io.StringIO()
    screen = RichScreen(out, io.StringIO())

    drawn = screen.show(CommandView(lines=("mode: default",), message="The port is **8000**.\n\n(1 tool call)",
                                    markdown=True), 80)

    assert drawn
    assert [line.strip() for line in out.getvalue().splitlines() if line.strip()] == [
        "mode: default", "The port is 8000.", "(1 tool call)"]


def test_the_drawn_screen_leaves_any_other_view_to_the_caller():
    screen = RichScreen(io.StringIO(), io.StringIO())

    assert not screen.show(CommandView(message="3 keys."), 80)


def test_the_drawn_screen_pauses_its_spinner_for_a_question():
    err = io.StringIO()
    screen = RichScreen(io.StringIO(), err)

    screen.working("assistant")
    with screen.paused():
        screen.say("Allow file_edit?\n-x = 1\n+x = 2")
    screen.done()

    assert "Allow file_edit?" in err.getvalue() and "+x = 2" in err.getvalue()
