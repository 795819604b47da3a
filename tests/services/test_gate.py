import asyncio
import dataclasses
import json

import pytest

from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from orkeon_engine.domain.tool_call import FileEdit, ToolCall
from orkeon_engine.services.gate import gate_for_run
from tests.support import gate_matrix
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.permission_calls import read, shell, write

PROJECT = "/repo/.orkeon/config.json"


async def _gate(mode="default", human=None, files=None, step=None, deps=None):
    deps = deps or await make_deps(files=files, human=human)
    return await gate_for_run(deps.gate_ports(), mode, step=step), deps


async def test_the_gate_denies_when_nobody_answers():
    gate, deps = await _gate(human=FakeHumanInput(choices=[None]))

    verdict = await gate.authorize(shell("make deploy"))

    assert not verdict.allowed and "nobody answered" in verdict.reason
    assert len(deps.human.questions) == 1


async def test_an_unanswered_shell_call_points_at_the_tools_that_read_without_asking():
    gate, _ = await _gate(human=FakeHumanInput(choices=[None, None]))

    shell_verdict = await gate.authorize(shell("grep -n PORT inventory/settings.py"))
    write_verdict = await gate.authorize(write("notes.md"))

    assert shell_verdict.reason.endswith("file_read, directory_read and codebase_search run without asking unless "
                                         "a rule says otherwise")
    assert "codebase_search" not in write_verdict.reason and "nobody answered" in write_verdict.reason


async def test_the_question_offers_the_four_answers_and_shows_the_command():
    gate, deps = await _gate(human=FakeHumanInput(choices=["Deny"]))

    verdict = await gate.authorize(shell("make deploy"))

    question, options = deps.human.questions[0]
    assert options == ["Allow once", "Allow for this session", "Always allow", "Deny"]
    assert "$ make deploy" in question and "shell_command(make deploy)" in question
    assert not verdict.allowed and verdict.reason.startswith("refused by the person")


async def test_the_question_of_an_edit_hands_its_proposed_texts_to_the_person():
    gate, deps = await _gate(human=FakeHumanInput(choices=["Deny"]))
    edit = FileEdit("/workspace/app.py", "TAX = 0.2\n", "TAX = 0.21\n")

    await gate.authorize(dataclasses.replace(write("/workspace/app.py"), edit=edit))

    assert deps.human.edits == [(edit,)]


async def test_allow_once_allows_this_call_and_asks_again_for_the_next():
    gate, deps = await _gate(human=FakeHumanInput(choices=["Allow once", None]))

    first = await gate.authorize(shell("make deploy"))
    second = await gate.authorize(shell("make deploy"))

    assert first.allowed and not second.allowed
    assert len(deps.human.questions) == 2


async def test_allow_for_this_session_adds_a_session_rule_the_next_run_reads_too():
    gate, deps = await _gate(human=FakeHumanInput(choices=["Allow for this session"]))

    first = await gate.authorize(shell("make deploy"))
    again = await gate.authorize(shell("make deploy"))
    next_run, _ = await _gate(deps=deps)

    assert first.allowed and again.allowed and (await next_run.authorize(shell("make deploy"))).allowed
    assert await deps.session.get_state("permissions.rules") == {"allow": ["shell_command(make deploy)"]}
    assert len(deps.human.questions) == 1


async def test_always_allow_writes_the_rule_it_showed_to_the_project_file():
    files = FakeConfigFiles(project='{"model": "openai/gpt-4o-mini"}')
    gate, deps = await _gate(human=FakeHumanInput(choices=["Always allow"]), files=files)

    verdict = await gate.authorize(write("/workspace/src/app.py", preview="+print('hi')"))

    question, _ = deps.human.questions[0]
    written = json.loads(files.texts["project"])
    assert verdict.allowed and PROJECT in verdict.reason
    assert written == {"model": "openai/gpt-4o-mini", "permissions": {"allow": ["file_write(/src/app.py)"]}}
    assert "file_write(/src/app.py)" in question and PROJECT in question


async def test_a_rule_always_allowed_lets_the_next_run_through_without_asking():
    files = FakeConfigFiles()
    gate, deps = await _gate(human=FakeHumanInput(choices=["Always allow"]), files=files)
    await gate.authorize(shell("npm ci && npm test"))
    await deps.session.set_state("permissions.rules", None)

    next_run, _ = await _gate(deps=deps)
    verdict = await next_run.authorize(shell("npm ci && npm test"))

    assert verdict.allowed and len(deps.human.questions) == 1
    assert json.loads(files.texts["project"])["permissions"]["allow"] == [
        "shell_command(npm ci)", "shell_command(npm test)"]


async def test_always_allow_into_a_file_broken_meanwhile_keeps_the_rule_for_the_session():
    files = FakeConfigFiles()
    gate, deps = await _gate(human=FakeHumanInput(choices=["Always allow"]), files=files)
    files.texts["project"] = "{"

    verdict = await gate.authorize(shell("make"))

    assert verdict.allowed and "for this session only" in verdict.reason
    assert await deps.session.get_state("permissions.rules") == {"allow": ["shell_command(make)"]}
    assert files.texts["project"] == "{"


async def test_a_command_with_a_substitution_offers_only_allow_once_and_deny():
    gate, deps = await _gate(human=FakeHumanInput(choices=["Always allow"]))

    verdict = await gate.authorize(shell("echo $(date) > stamp.txt"))

    assert deps.human.questions[0][1] == ["Allow once", "Deny"]
    assert not verdict.allowed


async def test_reads_run_without_a_question():
    gate, deps = await _gate(mode="plan")

    verdict = await gate.authorize(read("/workspace/src/app.py"))

    assert verdict.allowed and deps.human.questions == []


async def test_an_unknown_mode_fails_closed_without_asking():
    gate, deps = await _gate(mode="turbo")

    verdict = await gate.authorize(read("/workspace/src/app.py"))

    assert not verdict.allowed and "'turbo' is unknown" in verdict.reason and deps.human.questions == []


async def test_an_unparsable_settings_rule_fails_closed_naming_the_file_and_the_rule():
    files = FakeConfigFiles(user='{"permissions": {"deny": ["shell_command(git push"]}}')
    gate, _ = await _gate(mode="bypassPermissions", files=files)

    verdict = await gate.authorize(read("/workspace/src/app.py"))

    assert not verdict.allowed
    assert "/home/dev/.config/orkeon/config.json: permissions.deny[0] 'shell_command(git push'" in verdict.reason


async def test_a_settings_file_that_is_not_json_fails_closed():
    gate, _ = await _gate(files=FakeConfigFiles(project="{"))

    verdict = await gate.authorize(read("/workspace/src/app.py"))

    assert not verdict.allowed and f"{PROJECT}: invalid JSON" in verdict.reason


async def test_a_steps_rule_sets_deny_through_the_shell():
    gate, _ = await _gate(mode="bypassPermissions", step="dev-implement")

    secret = await gate.authorize(shell("cat .env"))
    push = await gate.authorize(shell('sh -c "git push"'))

    assert not secret.allowed and "rule set secrets" in secret.reason
    assert not push.allowed and "rule set git-readonly" in push.reason


async def test_an_unknown_step_fails_closed():
    gate, _ = await _gate(step="dev-party")

    verdict = await gate.authorize(read("/workspace/a.py"))

    assert not verdict.allowed and "unknown step 'dev-party'" in verdict.reason


async def test_a_human_input_that_raises_is_a_denial_not_a_crash():
    human = FakeHumanInput()
    human.error = RuntimeError("dialog crashed")
    gate, _ = await _gate(human=human)

    verdict = await gate.authorize(shell("make"))

    assert not verdict.allowed and "dialog crashed" in verdict.reason


async def test_questions_come_one_at_a_time_and_an_answer_settles_the_calls_waiting():
    gate, deps = await _gate(human=FakeHumanInput(choices=["Allow for this session"]))

    verdicts = await asyncio.gather(*(gate.authorize(shell("make")) for _ in range(3)))

    assert all(v.allowed for v in verdicts) and len(deps.human.questions) == 1


# --- the decision matrix of docs/permissions.md, against the gate itself (issue 26) --------------------------

MATRIX = gate_matrix.read_table()
GATE_CALLS = tuple(c for c in gate_matrix.CALLS if c.call_id != "m_uname")  # uname's refusal is the tool's
AS_THE_GATE_SEES_THEM = {
    "m_read": read("/workspace/notes.txt"),
    "m_env": read("/workspace/.env"),
    "m_edit": write("/workspace/src/app.py"),
    "m_ls": shell("ls"),
    "m_extra": ToolCall(gate_matrix.EXTRA_TOOL, "extra", {"text": "T-1"}),
    "m_settings": write("/workspace/.orkeon/config.json"),
}


@pytest.mark.parametrize("answer", gate_matrix.ANSWERS)
@pytest.mark.parametrize("rules", gate_matrix.RULE_SETUPS)
@pytest.mark.parametrize("mode", PERMISSION_MODES)
async def test_the_gate_decides_every_cell_of_the_documented_matrix(mode, rules, answer):
    files = FakeConfigFiles(project=json.dumps(gate_matrix.settings_for(rules)))
    deps = await make_deps(files=files, human=FakeHumanInput(choices=[answer] * len(GATE_CALLS)))
    gate = await gate_for_run(deps.gate_ports(), mode)
    observed = gate_matrix.Observed()

    for matrix_call in GATE_CALLS:
        asked = len(deps.human.questions)
        verdict = await gate.authorize(dataclasses.replace(AS_THE_GATE_SEES_THEM[matrix_call.call_id],
                                                           call_id=matrix_call.call_id))
        observed.questions += [matrix_call.call_id] * (len(deps.human.questions) - asked)
        observed.results[matrix_call.call_id] = "ran" if verdict.allowed else verdict.reason

    seen = gate_matrix.outcomes(observed, GATE_CALLS)
    assert gate_matrix.mismatches(MATRIX, mode, rules, answer, seen, GATE_CALLS) == []


# --- the PreToolUse hooks ---------------------------------------------------------------------------------

async def _hooked_gate(hooks_value, results, mode="default", human=None, files=None):
    from orkeon_engine.domain.extensions.hooks import HookContext, parse_hooks
    from orkeon_engine.services.hooks import TurnHooks
    from tests.support.doubles.fake_hook_commands import FakeHookCommands

    deps = await make_deps(files=files, human=human)
    commands = FakeHookCommands(results)
    hooks = TurnHooks(parse_hooks(hooks_value), commands, HookContext("s1", "/repo", mode))
    return await gate_for_run(deps.gate_ports(), mode, hooks=hooks), deps, commands


async def test_a_hook_that_allows_spares_the_question_the_mode_would_ask():
    from orkeon_engine.domain.extensions.hooks import HookRun

    gate, deps, _ = await _hooked_gate({"PreToolUse": ["ok"]}, {"ok": HookRun(0, '{"decision": "allow", '
                                                                                '"reason": "make is fine"}')})

    verdict = await gate.authorize(shell("make deploy"))

    assert verdict.allowed and "make is fine" in verdict.reason and deps.human.questions == []


async def test_a_hook_that_asks_puts_an_allowed_call_to_the_person_offering_no_rule():
    from orkeon_engine.domain.extensions.hooks import HookRun

    gate, deps, _ = await _hooked_gate({"PreToolUse": ["asker"]}, {"asker": HookRun(0, '{"decision": "ask", '
                                                                                      '"reason": "a read of .env?"}')},
                                       human=FakeHumanInput(choices=["Allow once"]))

    verdict = await gate.authorize(read("/workspace/app.py"))

    question, options = deps.human.questions[0]
    assert verdict.allowed and "a read of .env?" in question
    assert options == ["Allow once", "Deny"]


async def test_a_hook_that_exits_two_refuses_the_call_with_its_stderr():
    from orkeon_engine.domain.extensions.hooks import HookRun

    gate, _, _ = await _hooked_gate({"PreToolUse": ["guard"]}, {"guard": HookRun(2, "", "no deploys today")})

    verdict = await gate.authorize(read("/workspace/app.py"))

    assert not verdict.allowed and verdict.reason.endswith("denied the call: no deploys today")


async def test_no_hook_runs_for_a_call_the_rules_deny():
    gate, _, commands = await _hooked_gate({"PreToolUse": ["guard"]}, {}, mode="plan")

    verdict = await gate.authorize(write("/workspace/app.py"))

    assert not verdict.allowed and commands.runs == []


async def test_a_hook_for_other_tools_does_not_run():
    gate, _, commands = await _hooked_gate({"PreToolUse": [{"matcher": "shell_command", "command": "guard"}]}, {})

    await gate.authorize(read("/workspace/app.py"))

    assert commands.runs == []
