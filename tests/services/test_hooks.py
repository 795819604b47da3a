import json

from orkeon_engine.domain.extensions.hooks import HookContext, HookRun, parse_hooks
from orkeon_engine.domain.tool_call import ToolResult
from orkeon_engine.services.hooks import TurnHooks, read_hooks
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_hook_commands import FakeHookCommands
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust
from tests.support.permission_calls import shell

CONTEXT = HookContext("s1", "/repo", "default")


def _hooks(value, commands=None):
    return TurnHooks(parse_hooks(value), commands or FakeHookCommands(), CONTEXT, FakeLogger())


async def test_the_hooks_of_the_user_and_the_trusted_project_both_run():
    files = FakeConfigFiles(user='{"hooks": {"Stop": ["mine"]}}', project='{"hooks": {"Stop": ["theirs"]}}')
    deps = await make_deps(files=files, trust=FakeWorkspaceTrust(trusted=True))

    declared = await read_hooks(deps.config)

    assert [(h.command, h.source) for h in declared.book.hooks] == [("mine", "user"), ("theirs", "project")]
    assert declared.source == "user, project"


async def test_the_project_hooks_wait_for_the_workspace_trust():
    files = FakeConfigFiles(user='{"hooks": {"Stop": ["mine"]}}', project='{"hooks": {"Stop": ["theirs"]}}')
    deps = await make_deps(files=files, trust=FakeWorkspaceTrust(trusted=False))

    declared = await read_hooks(deps.config)

    assert [h.command for h in declared.book.hooks] == ["mine"]
    assert [h.command for h in declared.held_back] == ["theirs"]


async def test_an_unreadable_settings_file_is_a_problem_not_an_exception():
    deps = await make_deps(files=FakeConfigFiles(project="{"))

    declared = await read_hooks(deps.config)

    assert declared.book.hooks == ()
    assert declared.book.problems[0].startswith("/repo/.orkeon/config.json: invalid JSON")


async def test_a_pre_tool_hook_reads_the_call_on_stdin_with_its_timeout():
    commands = FakeHookCommands()
    hooks = _hooks({"PreToolUse": [{"matcher": "shell_command", "command": "./check.sh", "timeout": 7}]}, commands)

    verdict = await hooks.pre_tool_use(shell("make deploy"))

    (command, event, timeout), = commands.runs
    assert (command, timeout, verdict.kind) == ("./check.sh", 7.0, "continue")
    assert event["tool_name"] == "shell_command" and event["session_id"] == "s1"


async def test_a_hook_that_denies_stops_the_hooks_after_it():
    commands = FakeHookCommands({"first": HookRun(2, "", "no deploys")})
    hooks = _hooks({"PreToolUse": ["first", "second"]}, commands)

    verdict = await hooks.pre_tool_use(shell("make deploy"))

    assert verdict.kind == "deny" and "no deploys" in verdict.reason
    assert commands.commands() == ["first"]


async def test_a_failing_hook_is_a_message_for_the_person():
    hooks = _hooks({"PreToolUse": ["./check.sh"]}, FakeHookCommands({"./check.sh": HookRun(127, "", "not found")}))

    await hooks.pre_tool_use(shell("ls"))

    assert hooks.messages == ["the PreToolUse hook `./check.sh` (user) exited with code 127: not found"]


async def test_a_blocking_post_tool_hook_adds_its_reason_after_the_result():
    commands = FakeHookCommands({"ruff check": HookRun(2, "", "E501 line too long")})
    hooks = _hooks({"PostToolUse": ["ruff check"]}, commands)

    result = await hooks.post_tool_use(shell("ls"), ToolResult("a.py"))

    assert result.text == "a.py\n\n[the PostToolUse hook `ruff check` (user) says: E501 line too long]"
    assert commands.runs[0][1]["tool_response"] == {"text": "a.py", "is_error": False}


async def test_a_user_prompt_hook_reads_the_prompt_and_may_block_the_turn():
    commands = FakeHookCommands({"guard": HookRun(0, json.dumps({"decision": "block", "reason": "a key"}))})
    hooks = _hooks({"UserPromptSubmit": ["guard"]}, commands)

    blocked = await hooks.user_prompt_submit("deploy with sk-123")

    assert blocked == "the UserPromptSubmit hook `guard` (user) blocked the request: a key"
    assert commands.runs[0][1]["prompt"] == "deploy with sk-123"


async def test_what_the_prompt_hooks_print_is_kept_as_the_turns_context_each_named():
    commands = FakeHookCommands({"branch": HookRun(0, "on branch main\n"), "quiet": HookRun(0, "")})
    hooks = _hooks({"UserPromptSubmit": ["branch", "quiet"]}, commands)

    blocked = await hooks.user_prompt_submit("fix it")

    assert blocked is None
    assert hooks.prompt_context == ["the UserPromptSubmit hook `branch` (user) says:\non branch main"]


async def test_a_stop_hook_reads_the_answer_and_whether_it_ran_already():
    commands = FakeHookCommands({"make test": HookRun(2, "", "2 tests fail")})
    hooks = _hooks({"Stop": ["make test"]}, commands)

    reason = await hooks.stop("done", again=True)

    assert reason is not None and reason.endswith("2 tests fail")
    assert commands.runs[0][1]["answer"] == "done" and commands.runs[0][1]["stop_hook_active"] is True
