from orkeon_engine.crews.main_loop.offer import ToolOffer
from orkeon_engine.crews.main_loop.report import TurnFigures
from orkeon_engine.crews.main_loop.turn import MainLoopResult
from orkeon_engine.domain.settings.behaviour import BehaviourFlags

FIGURES = TurnFigures(1, 2, "1,234 tokens in, 56 out")


def _result(**extra):
    return MainLoopResult("fix the parser", "the answer", "mode: default, the default, as no mode is set",
                          ToolOffer(("file_read", "file_write")), BehaviourFlags(), FIGURES, **extra)


def test_the_lines_open_with_the_mode_and_close_with_the_warnings():
    result = _result(warnings=("hooks: a bad matcher",), checkpoint=3, changed=("/workspace/calc.py",))

    assert result.lines() == ("mode: default, the default, as no mode is set",
                              "checkpoint: turn 3 changed calc.py (/undo takes it back, /rewind lists the turns)",
                              "warning: hooks: a bad matcher")


def test_a_turn_that_kept_no_checkpoint_says_nothing_of_one():
    result = _result(changed=("/workspace/calc.py",))

    assert not any(line.startswith("checkpoint:") for line in result.lines())


def test_the_closing_line_puts_the_figures_first_and_the_files_after():
    result = _result(written=("calc.py",))

    assert result.closing() == "1 tool call, 2 model calls: 1,234 tokens in, 56 out; changed: calc.py"


def test_the_closing_line_of_a_turn_that_ran_a_command_and_wrote_nothing_says_so():
    result = _result(ran=True)

    assert result.closing().endswith("; no file edited (a shell command ran)")
