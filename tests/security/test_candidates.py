"""The search for a change that passes runs model-written code only where the gate lets the project's check
run, and writes nothing past the gate: a candidate is tried in a scratch copy, never in the workspace; it can
never change the tests that judge it, nor a file outside the files it was shown; with nobody to answer and no
rule, no check runs in the copy and nothing is changed; in dontAsk no candidate is asked for."""

from __future__ import annotations

import pytest

from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from orkeon_engine.services.permission_rules import SESSION_RULES_KEY
from tests.support.checked_projects import TEST_ADD, WRONG_ADD, project_ports, scratch_copies, tiny_python_project
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import ScriptedChatModel

REQUEST = "the tests in tests/test_calc.py fail, fix it"
CHEAT = "tests/test_calc.py\n```python\ndef test_add():\n    assert True\n```"
ESCAPE = "../outside.py\n```python\nprint('written outside')\n```\n../calc.py\n```python\nX = 1\n```"
PLANT = "calc.py\n```python\nimport pathlib\npathlib.Path('/tmp').exists()\ndef add(a, b):\n    return a + b\n```"


async def _ports(tmp_path, model, human):
    root = tmp_path / "project"
    root.mkdir()
    tiny_python_project(root)
    (tmp_path / "scratch").mkdir()
    deps, ports = await project_ports(root, model, human, scratch=scratch_copies(root, tmp_path / "scratch"))
    await deps.config.set_value("assistant.candidates", "2", "session")
    return root, deps, ports


async def test_a_candidate_that_rewrites_the_tests_is_never_tried_nor_written(tmp_path):
    model = ScriptedChatModel([CHEAT, CHEAT, "No change."])
    root, deps, ports = await _ports(tmp_path, model, FakeHumanInput())
    await deps.session.set_state(SESSION_RULES_KEY, {"allow": ["shell_command(python -m pytest:*)"]})

    result = await run_main_loop(MainLoopInput(REQUEST, "acceptEdits", "fallback"), ports)

    assert (root / "tests" / "test_calc.py").read_text() == TEST_ADD
    assert "2 asked for, 0 tried" in result.answer and result.changed == ()


async def test_a_candidate_cannot_reach_outside_the_files_it_was_shown(tmp_path):
    model = ScriptedChatModel([ESCAPE, ESCAPE, "No change."])
    root, deps, ports = await _ports(tmp_path, model, FakeHumanInput())
    await deps.session.set_state(SESSION_RULES_KEY, {"allow": ["shell_command(python -m pytest:*)"]})

    await run_main_loop(MainLoopInput(REQUEST, "acceptEdits", "fallback"), ports)

    assert not (tmp_path / "outside.py").exists() and not (tmp_path / "calc.py").exists()
    assert (root / "calc.py").read_text() == WRONG_ADD


async def test_with_nobody_to_answer_no_candidate_is_asked_for_nor_run(tmp_path):
    model = ScriptedChatModel(["I need the tests to run first."])
    human = FakeHumanInput()  # nobody answers, and no rule allows the check
    root, deps, ports = await _ports(tmp_path, model, human)

    result = await run_main_loop(MainLoopInput(REQUEST, "acceptEdits", "fallback"), ports)

    assert not any("The failing check:" in request.last_user_text for request in model.requests)
    assert model.remaining == 0 and list((tmp_path / "scratch").iterdir()) == []
    assert (root / "calc.py").read_text() == WRONG_ADD and result.changed == ()


@pytest.mark.parametrize("mode", ["dontAsk", "plan"])
async def test_dont_ask_and_plan_ask_for_no_candidate(tmp_path, mode):
    model = ScriptedChatModel([PLANT, "No change."])
    root, deps, ports = await _ports(tmp_path, model, FakeHumanInput())
    await deps.session.set_state(SESSION_RULES_KEY, {"allow": ["shell_command(python -m pytest:*)"]})

    await run_main_loop(MainLoopInput(REQUEST, mode, "fallback"), ports)

    assert not any("The failing check" in request.last_user_text for request in model.requests)
    assert (root / "calc.py").read_text() == WRONG_ADD
