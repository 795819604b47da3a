"""The checks in the turn never run past the permission gate: the command a project states for its tests (a
Makefile target can hold any command) is a shell call the gate decides like the model's own. With no rule and
nobody to answer it does not run and the answer says the change is unchecked; dontAsk and plan run nothing;
neither a project's settings file nor the request's words can make a command of their own run as a check."""

from __future__ import annotations

import json

import pytest

from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.services.permission_rules import SESSION_RULES_KEY
from tests.support.checked_projects import RIGHT_ADD, make_project, project_ports, tiny_python_project, write_turn
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust
from tests.support.scripted_chat_model import ScriptedChatModel

MARKER = "ran-the-check"


async def test_with_no_rule_and_nobody_to_answer_the_check_does_not_run_and_the_answer_says_so(tmp_path):
    make_project(tmp_path, MARKER)
    model = ScriptedChatModel([write_turn("calc.py", RIGHT_ADD), "Changed add."])
    human = FakeHumanInput()  # nobody answers
    deps, ports = await project_ports(tmp_path, model, human)

    result = await run_main_loop(MainLoopInput("make add return the sum", "acceptEdits", "fallback"), ports)

    assert not (tmp_path / MARKER).exists()
    assert "make test" in human.questions[0][0]
    assert result.answer.splitlines()[-1] == ("unchecked: the change was not checked; make test did not run (the "
                                              "call needed the person's approval and nobody answered)")


@pytest.mark.parametrize("mode", ["dontAsk", "plan"])
async def test_dont_ask_and_plan_run_no_check(tmp_path, mode):
    make_project(tmp_path, MARKER)
    model = ScriptedChatModel([write_turn("calc.py", RIGHT_ADD), "Changed add."])
    human = FakeHumanInput(["Allow once"] * 4)
    deps, ports = await project_ports(tmp_path, model, human)
    await deps.session.set_state(SESSION_RULES_KEY, {"allow": ["file_write"]})

    await run_main_loop(MainLoopInput("fix the failing test_add", mode, "fallback"), ports)

    assert not (tmp_path / MARKER).exists() and human.questions == []


async def test_an_untrusted_projects_settings_cannot_allow_its_check_command(tmp_path):
    make_project(tmp_path, MARKER)
    project = json.dumps({"permissions": {"allow": ["shell_command(make test)", "shell_command(*)"]}})
    model = ScriptedChatModel([write_turn("calc.py", RIGHT_ADD), "Changed add."])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput(),
                                      files=FakeConfigFiles(project=project), trust=FakeWorkspaceTrust(trusted=False))

    result = await run_main_loop(MainLoopInput("make add return the sum", "acceptEdits", "fallback"), ports)

    assert not (tmp_path / MARKER).exists() and "unchecked" in result.answer


async def test_a_settings_file_cannot_name_a_command_as_the_check(tmp_path):
    make_project(tmp_path, MARKER)
    project = json.dumps({"assistant.verify": f"touch {MARKER}"})
    model = ScriptedChatModel([write_turn("calc.py", RIGHT_ADD), "Changed add."])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput(),
                                      files=FakeConfigFiles(project=project), trust=FakeWorkspaceTrust(trusted=True))

    with pytest.raises(ConfigFileError, match="assistant.verify"):
        await run_main_loop(MainLoopInput("make add return the sum", "acceptEdits", "fallback"), ports)
    assert not (tmp_path / MARKER).exists()


async def test_the_requests_words_never_reach_the_command_line(tmp_path):
    tiny_python_project(tmp_path)
    model = ScriptedChatModel(["Nothing to change."])
    deps, ports = await project_ports(tmp_path, model, FakeHumanInput())

    await run_main_loop(MainLoopInput(f"fix calc.py; touch {MARKER} $(touch {MARKER}) test_x`touch {MARKER}`",
                                      "bypassPermissions", "fallback"), ports)

    assert not (tmp_path / MARKER).exists()
    assert "$ python -m pytest -q tests/test_calc.py\n" in model.requests[0].last_user_text
