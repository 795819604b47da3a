"""The assistant's turn with hooks and the todo list: UserPromptSubmit before anything is stored, the tool
hooks around the calls, Stop on the final answer, todo_write offered and kept."""

import dataclasses
import json

import pytest

from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import MAX_STOP_CONTINUATIONS, MainLoopInput, run_main_loop
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.hooks import HookRun
from orkeon_engine.services.todos import read_session_todos
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_hook_commands import FakeHookCommands
from tests.support.scripted_chat_model import Call, ScriptedChatModel


async def _setup(hooks, *turns, results=None):
    model = ScriptedChatModel(list(turns))
    commands = FakeHookCommands(results)
    deps = await make_deps(chat_model=model, vfs=FakeFiles({"/workspace/a.py": "print('a')\n"}),
                           files=FakeConfigFiles(user=json.dumps({"hooks": hooks})), hook_commands=commands)
    deps = deps.for_run("assistant")
    return deps, model, commands, main_loop_ports(deps)


def _turn(request="fix the parser", mode="default"):
    return MainLoopInput(request, mode, "fallback")


async def test_a_blocking_prompt_hook_stops_the_turn_before_the_model_and_the_history():
    deps, model, commands, ports = await _setup({"UserPromptSubmit": ["guard"]},
                                                results={"guard": HookRun(2, "", "no work after 18:00")})

    with pytest.raises(CommandFailedError, match="blocked the request: no work after 18:00"):
        await run_main_loop(_turn(), ports)
    assert model.requests == [] and await deps.session.entries() == []
    assert commands.runs[0][1]["prompt"] == "fix the parser"


async def test_a_prompt_hooks_stdout_reaches_the_model_beside_the_request_and_is_not_stored():
    deps, model, commands, ports = await _setup({"UserPromptSubmit": ["context"]}, "done",
                                                results={"context": HookRun(0, "the parser is in src/parse.py\n")})

    await run_main_loop(_turn(), ports)

    body = model.requests[0].messages[-1].text
    assert "the UserPromptSubmit hook `context` (user) says:\nthe parser is in src/parse.py" in body
    assert body.index("src/parse.py") < body.index("fix the parser")
    assert [entry.text for entry in await deps.session.entries()] == ["fix the parser", "done"]


async def test_the_tool_hooks_run_around_a_call_and_the_model_reads_the_post_hooks_note():
    deps, model, commands, ports = await _setup(
        {"PreToolUse": [{"matcher": "file_read", "command": "pre"}], "PostToolUse": ["post"]},
        Call("file_read", {"path": "a.py"}), "read it",
        results={"post": HookRun(2, "", "a.py is generated: edit the template")})

    await run_main_loop(_turn(), ports)

    assert commands.events() == ["PreToolUse", "PostToolUse"]
    assert "a.py is generated: edit the template" in model.requests[1].messages[-1].text


async def test_a_blocking_stop_hook_sends_the_model_back_to_work_with_its_reason():
    deps, model, commands, ports = await _setup({"Stop": ["make test"]}, "done", "fixed the test too",
                                                results={"make test": [HookRun(2, "", "test_parser fails"),
                                                                       HookRun(0)]})

    result = await run_main_loop(_turn(), ports)

    assert result.answer == "fixed the test too"
    assert "test_parser fails" in model.requests[1].last_user_text
    assert [event["stop_hook_active"] for _, event, _ in commands.runs] == [False, True]


async def test_stop_hooks_that_never_let_go_end_the_turn_with_a_warning():
    answers = ["done"] * (MAX_STOP_CONTINUATIONS + 1)
    deps, model, commands, ports = await _setup({"Stop": ["never"]}, *answers,
                                                results={"never": HookRun(2, "", "not yet")})

    result = await run_main_loop(_turn(), ports)

    assert len(model.requests) == MAX_STOP_CONTINUATIONS + 1
    assert any("still block" in line for line in result.lines())


async def test_a_failing_hook_is_a_warning_beside_the_answer():
    deps, model, commands, ports = await _setup({"Stop": ["broken"]}, "done",
                                                results={"broken": HookRun(1, "", "broken: not found")})

    result = await run_main_loop(_turn(), ports)

    assert "warning: hook: the Stop hook `broken` (user) exited with code 1: broken: not found" in result.lines()


async def test_an_old_declaration_is_a_warning_and_runs_nothing():
    deps, model, commands, ports = await _setup({"afterTurn": ["make lint"]}, "done")

    result = await run_main_loop(_turn(), ports)

    assert commands.runs == [] and any("use Stop" in line for line in result.lines())


async def test_todo_write_is_offered_in_every_mode_and_keeps_the_list():
    deps, model, commands, ports = await _setup(
        {}, Call("todo_write", {"todos": [{"content": "Read a.py", "status": "in_progress"}]}), "planned",
    )

    result = await run_main_loop(_turn(mode="plan"), ports)

    assert "todo_write" in result.offer.offered
    assert [item.content for item in await read_session_todos(deps.session)] == ["Read a.py"]
    assert "todos: 0 of 1 done; now: Read a.py" in deps.progress.messages()


@pytest.mark.parametrize("matcher", ["file_read", "*"])
async def test_a_pre_tool_hook_guarding_file_read_keeps_the_named_files_out_of_the_prompt(matcher):
    deps, model, commands, ports = await _setup({"PreToolUse": [{"matcher": matcher, "command": "pre"}]}, "ok")

    await run_main_loop(_turn("what does a.py print?"), ports)

    assert "## Files the request names" not in model.requests[0].messages[-1].text and commands.runs == []


async def test_a_pre_tool_hook_on_another_tool_leaves_the_named_files_in():
    deps, model, commands, ports = await _setup({"PreToolUse": [{"matcher": "shell_command", "command": "pre"}]},
                                                "ok")

    await run_main_loop(_turn("what does a.py print?"), ports)

    assert "### /workspace/a.py" in model.requests[0].messages[-1].text


async def test_with_nobody_to_answer_a_pre_tool_use_hook_keeps_the_shell_offered_since_it_may_allow_a_call():
    _, model, _, ports = await _setup({"PreToolUse": [{"matcher": "shell_command", "command": "pre"}]}, "ok")

    await run_main_loop(_turn(), dataclasses.replace(ports, can_ask=False))

    assert "shell_command" in model.requests[0].tool_names
