"""The gate and a front end that takes the whole question (PermissionAsker, the ACP agent's): the call, the
rules, a fifth answer Always deny that writes a deny rule, and None still a denial."""

import json

from orkeon_engine.domain.permissions.question import ALWAYS_DENY
from orkeon_engine.services.gate import gate_for_run
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_permission_asker import FakePermissionAsker
from tests.support.permission_calls import shell, write

PROJECT = "/repo/.orkeon/config.json"


async def _gate(human, files=None, deps=None):
    deps = deps or await make_deps(files=files, human=human)
    return await gate_for_run(deps.gate_ports(), "default"), deps


async def test_the_asker_gets_the_call_its_rules_and_five_answers():
    human = FakePermissionAsker(["Deny"])
    gate, _ = await _gate(human)
    call = shell("make deploy")

    await gate.authorize(call)

    (question,) = human.permission_questions
    assert question.call is call and question.settings_file == PROJECT
    assert question.answers == ("Allow once", "Allow for this session", "Always allow", "Deny", "Always deny")
    assert question.rules == ("shell_command(make deploy)",) and "$ make deploy" in question.text
    assert human.questions == []


async def test_always_deny_writes_a_deny_rule_to_the_project_file_and_refuses():
    files = FakeConfigFiles(project='{"model": "openai/gpt-4o-mini"}')
    gate, _ = await _gate(FakePermissionAsker([ALWAYS_DENY]), files)

    verdict = await gate.authorize(write("/workspace/src/app.py", preview="+x"))

    written = json.loads(files.texts["project"])
    assert written == {"model": "openai/gpt-4o-mini", "permissions": {"deny": ["file_write(/src/app.py)"]}}
    assert not verdict.allowed and PROJECT in verdict.reason and "do not try them again" in verdict.reason


async def test_a_call_denied_for_good_is_refused_without_asking_again_in_this_run_and_the_next():
    files = FakeConfigFiles(project="{}")
    human = FakePermissionAsker([ALWAYS_DENY])
    gate, deps = await _gate(human, files)
    await gate.authorize(shell("make deploy"))

    again = await gate.authorize(shell("make deploy"))
    next_run, _ = await _gate(human, deps=deps)
    later = await next_run.authorize(shell("make deploy"))

    assert not again.allowed and not later.allowed
    assert len(human.permission_questions) == 1


async def test_always_deny_into_a_file_broken_meanwhile_keeps_the_deny_rule_for_the_session():
    files = FakeConfigFiles()
    gate, deps = await _gate(FakePermissionAsker([ALWAYS_DENY]), files)
    files.texts["project"] = "{"

    verdict = await gate.authorize(shell("make deploy"))

    assert not verdict.allowed and "for this session" in verdict.reason
    assert await deps.session.get_state("permissions.rules") == {"deny": ["shell_command(make deploy)"]}
    assert files.texts["project"] == "{"


async def test_a_call_no_rule_can_say_narrowly_is_not_offered_always_deny():
    human = FakePermissionAsker([None])
    gate, _ = await _gate(human)

    verdict = await gate.authorize(shell("echo $(whoami)"))

    assert human.permission_questions[0].answers == ("Allow once", "Deny")
    assert not verdict.allowed and "nobody answered" in verdict.reason
