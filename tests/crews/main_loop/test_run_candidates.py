"""The search for a change that passes, in a turn (`assistant.candidates`), over a real tiny project: real
pytest runs through the real shell, in real scratch copies; the model is scripted. A winner is put to the gate
as one edit and named with its check; none passing changes nothing and says so."""

from __future__ import annotations

from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from orkeon_engine.domain.permissions.question import ALLOW_SESSION, DENY
from orkeon_engine.services.permission_rules import SESSION_RULES_KEY
from tests.support.checked_projects import RIGHT_ADD, WRONG_ADD, project_ports, scratch_copies, tiny_python_project
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import ScriptedChatModel

TIMES = "```python\ndef add(a, b):\n    return a * b\n```"
RIGHT = "calc.py\n```python\ndef add(a, b):\n    return a + b\n```"


def _turn(request: str, mode: str = "acceptEdits") -> MainLoopInput:
    return MainLoopInput(request, mode, "fallback")


async def _ports(tmp_path, model, human, candidates: int = 3):
    root = tmp_path / "project"
    root.mkdir()
    tiny_python_project(root)
    (tmp_path / "scratch").mkdir()
    deps, ports = await project_ports(root, model, human, scratch=scratch_copies(root, tmp_path / "scratch"))
    await deps.config.set_value("assistant.candidates", str(candidates), "session")
    return root, deps, ports


async def test_the_first_candidate_the_check_accepts_is_written_and_named_with_its_check(tmp_path):
    model = ScriptedChatModel([TIMES, RIGHT, "never asked"])
    root, deps, ports = await _ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION, ALLOW_SESSION]))

    result = await run_main_loop(_turn("the tests in tests/test_calc.py fail, fix it"), ports)

    assert (root / "calc.py").read_text() == RIGHT_ADD
    assert model.remaining == 1  # the search stopped at the winner, and no tool loop ran after it
    assert ("candidate 2 of the 3 changes asked for passes `python -m pytest -q tests/test_calc.py` and leaves "
            "`python -m pytest` failing only the tests that failed before it") in result.answer  # test_unrelated
    assert "-    return a - b\n+    return a + b" in result.answer
    assert result.answer.endswith("checked: python -m pytest -q tests/test_calc.py passed")
    assert result.changed == ("/workspace/calc.py",) and result.claims == ()
    assert [call.name for call in result.calls] == ["file_write"]
    assert "a + b" in model.requests[0].last_user_text or "a - b" in model.requests[0].last_user_text
    assert [request.options.temperature for request in model.requests[:2]] == [0.0, 0.8]
    assert list((tmp_path / "scratch").iterdir()) == []  # the copy is gone


async def test_none_passing_is_the_answer_tried_in_the_copy_never_in_the_workspace_and_no_round_after(tmp_path):
    model = ScriptedChatModel([TIMES, TIMES, TIMES, "I fixed add and the tests pass now."])
    root, deps, ports = await _ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(_turn("the tests in tests/test_calc.py fail, fix it"), ports)

    assert (root / "calc.py").read_text() == WRONG_ADD
    assert result.answer.startswith(
        "No candidate change passed: 3 asked for, 1 tried in a scratch copy; the search changed no file.")
    assert "assert 6 == 5" in result.answer  # the closest attempt's failure
    assert result.answer.endswith("checked: python -m pytest -q tests/test_calc.py failed (exit code 1)")
    assert model.remaining == 1 and "I fixed add" not in result.answer  # no round of the model's after the search
    assert result.changed == () and result.claims == ()


async def test_a_search_with_nothing_to_try_leaves_the_turn_to_the_model(tmp_path):
    model = ScriptedChatModel(["no code here", "none", "nothing", "I could not find the cause."])
    root, deps, ports = await _ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(_turn("the tests in tests/test_calc.py fail, fix it"), ports)

    assert model.remaining == 0 and result.answer.startswith("I could not find the cause.")
    assert "No candidate change passed: 3 asked for, 0 tried in a scratch copy" in result.answer


async def test_a_refused_write_changes_nothing_and_says_the_candidate_passed(tmp_path):
    model = ScriptedChatModel([RIGHT])
    human = FakeHumanInput([DENY])
    root, deps, ports = await _ports(tmp_path, model, human)
    await deps.session.set_state(SESSION_RULES_KEY, {"allow": ["shell_command(python -m pytest:*)"]})

    result = await run_main_loop(_turn("the tests in tests/test_calc.py fail, fix it", "default"), ports)

    assert (root / "calc.py").read_text() == WRONG_ADD
    assert result.answer.startswith(
        "A candidate change passes `python -m pytest -q tests/test_calc.py` and leaves `python -m pytest` failing "
        "only the tests that failed before it, but writing it was refused (") and "do not repeat" not in result.answer
    assert model.remaining == 0  # the person saw the change that passes: no loop after it
    assert len(human.questions) == 1 and "calc.py" in human.questions[0][0]


async def test_one_candidate_asks_for_none(tmp_path):
    model = ScriptedChatModel(["I looked; nothing to change."])
    root, deps, ports = await _ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]), candidates=1)

    result = await run_main_loop(_turn("the tests in tests/test_calc.py fail, fix it"), ports)

    assert "candidate" not in result.answer and model.remaining == 0


async def test_plan_mode_asks_for_no_candidate(tmp_path):
    model = ScriptedChatModel(["1. Change add."])
    root, deps, ports = await _ports(tmp_path, model, FakeHumanInput([ALLOW_SESSION]))

    result = await run_main_loop(_turn("the tests in tests/test_calc.py fail, fix it", "plan"), ports)

    assert "candidate" not in result.answer and (root / "calc.py").read_text() == WRONG_ADD
