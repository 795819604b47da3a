from orkeon_engine.crews.main_loop.report import (
    SUBJECT_LIMIT,
    TurnFigures,
    answer_or_silence,
    changes_text,
    document_title,
    figures_line,
    mode_line,
    refusal_lines,
    speaks,
    stopped_note,
)
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import ToolResult, Verdict


def test_the_mode_line_says_where_the_mode_came_from():
    assert mode_line("plan", "explicit") == "mode: plan, from the mode: prefix of the request"
    assert mode_line("acceptEdits", "settings", "/repo/.orkeon/config.json") == (
        "mode: acceptEdits, from the permissions.fallback setting (/repo/.orkeon/config.json)")
    assert mode_line("default", "fallback") == "mode: default, the default, as no mode is set"


def test_a_mode_that_cannot_be_read_says_every_call_is_refused():
    assert "every tool call is refused" in mode_line("", "settings", problem="bad file")


def test_the_figures_line_counts_calls_and_shows_the_usage_and_the_gauge():
    line = figures_line(TurnFigures(1, 2, "10 tokens in, 2 out, $0", "10 of 100 tokens (10%), tier ok"))

    assert line == "1 tool call, 2 model calls: 10 tokens in, 2 out, $0; context 10 of 100 tokens (10%), tier ok"


def test_a_stopped_turn_is_recorded_with_its_reason():
    assert "stopped before its final answer: the budget is spent" in stopped_note("the budget is spent", 3)


def test_the_document_title_is_the_requests_first_line_shortened():
    assert document_title("fix the parser\nand more") == "Orkeon: fix the parser"
    assert document_title("x" * 100).endswith("...")


def test_a_refused_call_is_one_line_with_its_subject_and_the_gate_s_reason():
    refused = ToolCallRecord("1", "shell_command", {"command": "git push origin main"},
                             Verdict.deny("denied by the rule shell_command(git push:*) of the session"),
                             ToolResult("refused", is_error=True))
    allowed = ToolCallRecord("2", "file_read", {"path": "a.py"}, Verdict.allow(), ToolResult("x"))

    lines = refusal_lines([refused, allowed])

    assert lines == ("refused: shell_command git push origin main: denied by the rule shell_command(git push:*) of "
                     "the session",)


def test_a_long_subject_is_cut():
    call = ToolCallRecord("1", "file_write", {"content": "x" * 500}, Verdict.deny("no"), ToolResult("", True))

    (line,) = refusal_lines([call])

    assert line.startswith('refused: file_write {"content": "xxx') and line.endswith("...: no")
    assert len(line) == len("refused: file_write ") + SUBJECT_LIMIT + len(": no")


def test_an_empty_answer_becomes_a_sentence_naming_the_calls():
    calls = [ToolCallRecord(str(n), name, {}, Verdict.allow(), ToolResult("x"))
             for n, name in enumerate(["file_read", "file_read", "definition_rewrite"])]

    assert answer_or_silence("Fixed.", calls) == "Fixed."
    assert answer_or_silence("  \n", calls) == ("The model ended the turn without an answer, after 3 tool calls "
                                                "(file_read x2, definition_rewrite).")
    assert answer_or_silence("", []) == "The model ended the turn without an answer and without a tool call."
    assert answer_or_silence(" .\n```", []) == answer_or_silence("", []) and answer_or_silence("8", []) == "8"


def test_an_answer_speaks_when_it_has_a_word_outside_its_code():
    assert speaks("Fixed: `total` now adds the tax.")
    assert speaks("Done.")
    assert not speaks("```python\nobj['result']\n```")
    assert not speaks("`obj['result']`")
    assert not speaks("```\nunclosed fence with words in it")
    assert not speaks("42 ... !")


async def test_an_answer_claiming_a_fix_no_call_made_is_followed_by_the_plain_fact():
    from orkeon_engine.commands._shared.main_loop import main_loop_ports
    from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
    from orkeon_engine.domain.model_replies.unbacked_claims import NO_CHANGE
    from tests.support.deps import make_deps
    from tests.support.doubles.fake_files import FakeFiles
    from tests.support.scripted_chat_model import ScriptedChatModel

    model = ScriptedChatModel(["I fixed the comparison in calc.py.", "I have fixed it in calc.py."])
    deps = await make_deps(chat_model=model,
                           vfs=FakeFiles({"/workspace/calc.py": "def lt(a, b):\n    return a > b\n"}))

    result = await run_main_loop(MainLoopInput("fix calc.py", "acceptEdits", "explicit"),
                                 main_loop_ports(deps.for_run("assistant")))

    assert result.answer == f"I have fixed it in calc.py.\n\n{NO_CHANGE}"  # told once (test_run_answer.py), it claims
    assert len(model.requests) == 2


def test_the_closing_words_name_the_files_changed_or_say_none_was():
    assert changes_text(("/workspace/calc.py", "/workspace/tests/test_calc.py", "/workspace/calc.py")) == \
        "changed: calc.py, tests/test_calc.py"
    assert changes_text(()) == "no file changed"
    assert changes_text((), ran=True) == "no file edited (a shell command ran)"
