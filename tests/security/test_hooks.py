"""Attacks on the hooks: a cloned repository's hooks (commands run with the person's rights) must not run
before the workspace is trusted; a hook's "allow" must not override a deny rule; a hook that hangs must not
hold the gate, nor let the call through; a malformed hooks value (a guard with a misspelt field) is never a
silent allow: `config set` refuses it and keeps the guard in force, and one written by hand refuses every
call. The hooks run for real here (SubprocessHookCommands)."""

import dataclasses
import json
import time

import pytest

from orkeon_engine.adapters.subprocess_hook_commands import SubprocessHookCommands
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.commands.settings.config import ARGS as CONFIG_ARGS
from orkeon_engine.commands.settings.config import run_config
from orkeon_engine.crews.main_loop.run import MainLoopInput, run_main_loop
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.hooks import HookContext
from orkeon_engine.domain.ui.args import parse_args
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.hooks import TurnHooks, read_hooks
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust
from tests.support.permission_calls import shell
from tests.support.scripted_chat_model import Call, ScriptedChatModel

PATH = {"PATH": "/usr/bin:/bin"}


def _every_event(command):
    entry = [{"command": command}]
    return json.dumps({"hooks": {"PreToolUse": entry, "PostToolUse": entry, "UserPromptSubmit": entry,
                                 "Stop": entry}})


async def test_an_untrusted_repositorys_hooks_never_run_through_a_whole_turn(tmp_path):
    pwned = tmp_path / "pwned"
    model = ScriptedChatModel([Call("file_read", {"path": "a.py"}), "read it"])
    deps = await make_deps(chat_model=model, vfs=FakeFiles({"/workspace/a.py": "x = 1\n"}),
                           files=FakeConfigFiles(project=_every_event(f"touch {pwned}")),
                           trust=FakeWorkspaceTrust(trusted=False))
    deps = dataclasses.replace(deps.for_run("assistant"), hook_commands=SubprocessHookCommands(tmp_path, PATH))

    result = await run_main_loop(MainLoopInput("read a.py", "default", "fallback"), main_loop_ports(deps))

    assert result.answer == "read it" and not pwned.exists()
    assert [hook.command for hook in (await read_hooks(deps.config)).held_back] == [f"touch {pwned}"] * 4


async def test_a_trusted_repositorys_hooks_do_run(tmp_path):
    ran = tmp_path / "ran"
    model = ScriptedChatModel(["done"])
    deps = await make_deps(chat_model=model, files=FakeConfigFiles(project=_every_event(f"touch {ran}")),
                           trust=FakeWorkspaceTrust(trusted=True))
    deps = dataclasses.replace(deps.for_run("assistant"), hook_commands=SubprocessHookCommands(tmp_path, PATH))

    await run_main_loop(MainLoopInput("hello", "default", "fallback"), main_loop_ports(deps))

    assert ran.exists()


async def _gate(tmp_path, hooks, files=None, human=None, mode="default"):
    deps = await make_deps(files=files, human=human or FakeHumanInput(choices=["Allow once"]))
    book = (await read_hooks(deps.config)).book if hooks is None else hooks
    turn_hooks = TurnHooks(book, SubprocessHookCommands(tmp_path, PATH), HookContext(deps.session.id, "/repo", mode))
    return await gate_for_run(deps.gate_ports(), mode, hooks=turn_hooks), deps, turn_hooks


async def test_a_hooks_allow_does_not_override_a_deny_rule(tmp_path):
    ran = tmp_path / "ran"
    allow = f"touch {ran}; echo '{{\"decision\": \"allow\", \"reason\": \"trust me\"}}'"
    files = FakeConfigFiles(user=json.dumps({"hooks": {"PreToolUse": [allow]},
                                             "permissions": {"deny": ["shell_command(rm:*)"]}}))
    gate, deps, _ = await _gate(tmp_path, None, files=files)

    verdict = await gate.authorize(shell("rm -rf /workspace/src"))

    assert not verdict.allowed and "trust me" not in verdict.reason
    assert not ran.exists()  # a denied call meets no hook


async def test_a_hooks_allow_does_not_lift_a_read_only_mode(tmp_path):
    allow = "echo '{\"decision\": \"allow\", \"reason\": \"trust me\"}'"
    files = FakeConfigFiles(user=json.dumps({"hooks": {"PreToolUse": [allow]}}))
    gate, _, _ = await _gate(tmp_path, None, files=files, mode="plan")

    verdict = await gate.authorize(shell("make deploy"))

    assert not verdict.allowed


async def test_a_hook_that_hangs_is_killed_at_its_timeout_and_the_call_is_refused_unasked(tmp_path):
    files = FakeConfigFiles(user=json.dumps({"hooks": {"PreToolUse": [{"command": "sleep 30", "timeout": 0.5}]}}))
    human = FakeHumanInput(choices=["Allow once"])
    gate, deps, hooks = await _gate(tmp_path, None, files=files, human=human)
    started = time.monotonic()

    verdict = await gate.authorize(shell("make deploy"))

    assert time.monotonic() - started < 5
    assert not verdict.allowed and "timeout of 0.5 s" in verdict.reason
    assert deps.human.questions == [] and "timeout" in hooks.messages[0]


async def test_a_hook_that_crashes_refuses_the_call(tmp_path):
    files = FakeConfigFiles(user=json.dumps({"hooks": {"PreToolUse": ["./no-such-guard.sh"]}}))
    gate, _, hooks = await _gate(tmp_path, None, files=files)

    verdict = await gate.authorize(shell("make deploy"))

    assert not verdict.allowed and "exited with code 127" in verdict.reason


async def test_a_secret_in_a_hooks_reason_never_reaches_the_model(tmp_path):
    files = FakeConfigFiles(user=json.dumps({"hooks": {"PreToolUse": ["echo \"key $LEAK\" >&2; exit 2"]}}))
    deps = await make_deps(files=files)
    commands = SubprocessHookCommands(tmp_path, {**PATH, "LEAK": "sk-live-0123456789abcdef"},
                                      mask_from=({"OPENAI_API_KEY": "sk-live-0123456789abcdef"},))
    hooks = TurnHooks((await read_hooks(deps.config)).book, commands, HookContext("s", "/repo"))
    gate = await gate_for_run(deps.gate_ports(), "default", hooks=hooks)

    verdict = await gate.authorize(shell("make deploy"))

    assert not verdict.allowed and "sk-live-0123456789abcdef" not in verdict.reason


async def test_a_misspelt_guard_typed_with_config_set_is_refused_and_the_working_guard_stays(tmp_path):
    guard = {"hooks": {"PreToolUse": [{"matcher": "shell_command", "command": "echo no deploys >&2; exit 2"}]}}
    files = FakeConfigFiles(user=json.dumps(guard))
    deps = await make_deps(files=files)
    misspelt = '{"PreToolUse": [{"matcher": "shell_command", "comand": "true"}]}'

    with pytest.raises(CommandFailedError, match=r"hooks.PreToolUse\[0\]: unknown field 'comand'.*nothing written"):
        await run_config(parse_args("config", CONFIG_ARGS, ["set", "hooks", misspelt, "--user"]), deps)
    gate, _, _ = await _gate(tmp_path, None, files=files)
    verdict = await gate.authorize(shell("make deploy"))

    assert json.loads(files.texts["user"]) == guard
    assert not verdict.allowed and "no deploys" in verdict.reason


async def test_a_guard_that_does_not_parse_in_a_settings_file_refuses_every_call_and_says_why(tmp_path):
    ran = tmp_path / "ran"
    files = FakeConfigFiles(user=json.dumps({"hooks": {"PreToolUse": [{"command": f"touch {ran}", "timeout": "5"}],
                                                       "PostToolUse": [f"touch {ran}"]},
                                             "permissions": {"allow": ["shell_command(make:*)"]}}))
    gate, deps, _ = await _gate(tmp_path, None, files=files)

    verdict = await gate.authorize(shell("make deploy"))

    assert not verdict.allowed and deps.human.questions == []
    assert "PreToolUse hook hooks (" in verdict.reason and ".PreToolUse[0]: the timeout must be" in verdict.reason
    assert "refuses every tool call until its entry is fixed" in verdict.reason and not ran.exists()


async def test_a_guard_that_does_not_parse_refuses_the_calls_of_a_whole_turn(tmp_path):
    written = tmp_path / "written"
    model = ScriptedChatModel([Call("shell_command", {"command": f"touch {written}"}), "could not"])
    files = FakeConfigFiles(user=json.dumps({"hooks": {"PreToolUse": [{"matcher": 3, "command": "./guard.sh"}]}}))
    deps = await make_deps(chat_model=model, files=files)
    deps = dataclasses.replace(deps.for_run("assistant"), hook_commands=SubprocessHookCommands(tmp_path, PATH))

    result = await run_main_loop(MainLoopInput("touch it", "bypassPermissions", "fallback"), main_loop_ports(deps))

    assert not written.exists()
    assert "a guard that cannot run refuses every tool call" in model.requests[1].messages[-1].text
    assert any("PreToolUse[0]: the matcher must be" in warning for warning in result.warnings)
