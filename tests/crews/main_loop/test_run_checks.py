"""Checks in the turn over a real tiny project (a real pytest run through the real shell): a failing check
after the model's edits goes back to the model until it passes, a fix request runs its check first, and the
answer names the check; and the files a turn changed, as the checks are given them."""

from __future__ import annotations

from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop, run_verify_turn
from orkeon_engine.crews.main_loop.run_checks import changed_paths
from orkeon_engine.domain.checks.change_checks import ChangeChecks
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.permissions.question import ALLOW_SESSION
from orkeon_engine.domain.tool_call import ToolResult, Verdict
from tests.support.checked_projects import RIGHT_ADD, project_ports, tiny_python_project, write_turn
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import ScriptedChatModel

STILL_WRONG = "def add(a, b):\n    return a * b\n"


def _turn(request: str) -> MainLoopInput:
    return MainLoopInput(request, "acceptEdits", "fallback")


async def test_a_failing_check_goes_back_to_the_model_until_it_passes(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel([write_turn("calc.py", STILL_WRONG), "Changed add.",
                               write_turn("calc.py", RIGHT_ADD), "Now add adds."])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(_turn("make add return the sum"), ports)

    failure = model.requests[2].last_user_text
    assert "python -m pytest -q tests/test_calc.py" in failure and "assert 6 == 5" in failure
    assert "tests/test_calc.py:5" in failure and "test_unrelated" not in failure
    assert (tmp_path / "calc.py").read_text() == RIGHT_ADD
    assert result.answer.endswith("checked: python -m pytest -q tests/test_calc.py passed")


async def test_a_run_claimed_after_edits_waits_for_the_turns_own_check_and_is_not_sent_back(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel([write_turn("calc.py", RIGHT_ADD), "Fixed add; the tests now pass."])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(_turn("make add return the sum"), ports)

    assert len(model.requests) == 2 and result.claims == ()
    assert result.answer.endswith("checked: python -m pytest -q tests/test_calc.py passed")


async def test_a_run_claimed_after_edits_no_check_covers_goes_back_to_the_model(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel([write_turn("NOTES.md", "Add returns the sum.\n"), "Noted; the tests now pass.",
                               "Noted in NOTES.md."])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(_turn("note what add does"), ports)

    assert len(model.requests) == 3 and "nothing has run in this turn" in model.requests[2].last_user_text
    assert result.claims == () and result.answer.startswith("Noted in NOTES.md.")


async def test_a_fix_request_starts_from_the_failure(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel([write_turn("calc.py", RIGHT_ADD), "Fixed."])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    await run_main_loop(_turn("fix test_add, it fails"), ports)

    first = model.requests[0].last_user_text
    assert "Before any change, the project's check fails" in first
    assert "python -m pytest -q tests/test_calc.py::test_add" in first and "assert -1 == 5" in first


async def test_the_answer_says_the_check_still_fails_when_a_round_changes_nothing(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel([write_turn("calc.py", STILL_WRONG), "Changed add.", "I cannot see why it fails."])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(_turn("make add return the sum"), ports)

    assert result.answer.endswith("checked: python -m pytest -q tests/test_calc.py failed (exit code 1)")
    assert result.checked is not None and result.checked.failed and model.remaining == 0


async def test_the_budget_ends_the_rounds(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel([write_turn("calc.py", STILL_WRONG), "Changed add.", "never asked"])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))
    await deps.config.set_value("assistant.budget.toolCalls", "1", "session")

    result = await run_main_loop(_turn("make add return the sum"), ports)

    assert result.checked is not None and result.checked.failed and model.remaining == 1


async def test_verify_off_runs_no_check(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel([write_turn("calc.py", RIGHT_ADD), "Changed add."])
    human = FakeHumanInput([ALLOW_SESSION])
    deps, ports = await project_ports(tmp_path, model, human)
    await deps.config.set_value("assistant.verify", "off", "session")

    result = await run_main_loop(_turn("fix add"), ports)

    assert human.questions == [] and result.checked is None and "checked" not in result.answer


async def test_verifys_request_runs_no_check_before_the_model(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel(["## Passed\nnothing"])
    human = FakeHumanInput([ALLOW_SESSION])
    deps, ports = await project_ports(tmp_path, model, human)
    checks = ChangeChecks(("calc.py",), ("tests/test_calc.py",), ())

    await run_verify_turn(checks, ports)

    assert human.questions == [] and "Before any change" not in model.requests[0].last_user_text


def test_without_checkpoints_the_files_changed_are_those_the_edit_calls_that_succeeded_name():
    def call(name: str, path: str, error: bool = False) -> ToolCallRecord:
        return ToolCallRecord(name, name, {"path": path}, Verdict(True), ToolResult("", is_error=error))

    calls = [call("file_write", "/workspace/calc.py"), call("file_edit", "/workspace/calc.py"),
             call("file_write", "/workspace/gone.py", error=True), call("file_read", "/workspace/notes.md")]

    assert changed_paths(None, calls) == ["calc.py"]
