"""End to end: the hooks and the todo list through the real server and the real command line, the model
played by the loopback stub, the hooks real Python scripts.

In the editor: the person's own hooks see a whole turn (UserPromptSubmit, PreToolUse, PostToolUse, Stop, in
order, each with its event on stdin); a PreToolUse hook refuses a deploy with exit 2 and the model reads its
reason, unasked; the model keeps a todo list that reaches the editor as $/progress and that /todos shows;
/hooks lists what runs. A cloned project's hooks run only once the person trusts the workspace. On the
command line a UserPromptSubmit hook blocks the request with its reason and a failing exit code, or what it
prints reaches the model beside the request; `config set hooks` refuses a guard with a misspelt field and
keeps the one in force.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from lsprotocol import types

from tests.support.lsp_session import run_command
from tests.support.orkeon_cli import orkeon_env, write_user_settings
from tests.support.stub_openai_server import StubOpenAIServer

GUARD = '''
import json, sys
event = json.load(sys.stdin)
with open(sys.argv[1], "a", encoding="utf-8") as log:
    log.write(json.dumps(event) + "\\n")
command = (event.get("tool_input") or {}).get("command", "")
if "deploy" in command:
    sys.stderr.write("no deploys from the assistant: ask the release manager")
    sys.exit(2)
'''
TODOS = [{"content": "Read a.py", "status": "completed"}, {"content": "Deploy", "status": "in_progress"}]
SCRIPT = [
    {"tool_calls": [{"name": "todo_write", "arguments": {"todos": TODOS}}], "content": None},
    {"tool_calls": [{"name": "file_read", "arguments": {"path": "a.py"}}], "content": None},
    {"tool_calls": [{"name": "shell_command", "arguments": {"command": "make deploy"}}], "content": None},
    {"content": "I read a.py; the deploy is refused by your hook."},
]


def _hooks(python: str, guard: Path, log: Path) -> dict[str, Any]:
    command = f"{python} {guard} {log}"
    return {"hooks": {"UserPromptSubmit": [command], "PreToolUse": [{"matcher": "shell_command", "command": command}],
                      "PostToolUse": [{"matcher": "file_read", "command": command, "timeout": 20}],
                      "Stop": [command]}}


def _events(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []


def _tool_results(request: dict[str, Any]) -> list[str]:
    return [m["content"] for m in request["messages"] if m["role"] == "tool"]


async def test_the_persons_hooks_see_the_turn_and_a_pre_tool_hook_refuses_a_deploy(start_server, workspace, tmp_path):
    (workspace / "a.py").write_text("x = 1\n", encoding="utf-8")
    guard, log = tmp_path / "guard.py", tmp_path / "events.jsonl"
    guard.write_text(GUARD, encoding="utf-8")
    write_user_settings(tmp_path, _hooks(sys.executable, guard, log))
    questions: list[Any] = []
    with StubOpenAIServer(SCRIPT) as stub:
        client = await start_server(features={types.WINDOW_SHOW_MESSAGE_REQUEST: lambda p: questions.append(p)},
                                    env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})

        result = await run_command(client, "assistant", "read a.py, then deploy")
        todos = await run_command(client, "todos")
        hooks = await run_command(client, "hooks")
        requests = list(stub.requests)

    events = _events(log)
    assert [e["hook_event_name"] for e in events] == ["UserPromptSubmit", "PostToolUse", "PreToolUse", "Stop"]
    assert events[0]["prompt"] == "read a.py, then deploy" and events[0]["workspace"] == str(workspace)
    assert events[1]["tool_name"] == "file_read" and "x = 1" in events[1]["tool_response"]["text"]
    assert events[2]["tool_name"] == "shell_command" and events[2]["tool_input"]["command"] == "make deploy"
    assert events[3]["answer"] == "I read a.py; the deploy is refused by your hook."
    assert "no deploys from the assistant: ask the release manager" in _tool_results(requests[3])[-1]
    assert questions == []  # the hook refused the call: the person is not asked
    assert result["message"].startswith("I read a.py")
    (reports,) = client.progress_reports.values()
    assert "todos: 1 of 2 done; now: Deploy" in [getattr(r, "message", "") for r in reports]
    assert todos["lines"] == ["[x] Read a.py", "[>] Deploy"]
    assert hooks["message"] == "4 hooks run at the points of the assistant's turn (from user)."
    assert [row[0] for row in hooks["table"]["rows"]] == ["UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]


async def _project_hook_turn(start_server, workspace, tmp_path, answer: str | None) -> Path:
    ran = tmp_path / "project-hook-ran"
    (workspace / ".orkeon").mkdir()
    (workspace / ".orkeon" / "config.json").write_text(json.dumps(
        {"hooks": {"UserPromptSubmit": [f"touch {ran}"]}}), encoding="utf-8")
    asked = asyncio.Event()

    def ask(params: types.ShowMessageRequestParams) -> Any:
        asked.set()
        return None if answer is None else types.MessageActionItem(title=answer)

    with StubOpenAIServer([{"content": "hello"}]) as stub:
        client = await start_server(features={types.WINDOW_SHOW_MESSAGE_REQUEST: ask},
                                    env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})
        await asyncio.wait_for(asked.wait(), 60)
        await run_command(client, "assistant", "hello")
    return ran


async def test_a_cloned_projects_hook_does_not_run_while_the_workspace_is_untrusted(start_server, workspace,
                                                                                     tmp_path):
    ran = await _project_hook_turn(start_server, workspace, tmp_path, "Keep it untrusted")

    assert not ran.exists()


async def test_a_projects_hook_runs_once_the_person_trusts_the_workspace(start_server, workspace, tmp_path):
    ran = await _project_hook_turn(start_server, workspace, tmp_path, "Trust this workspace")

    assert ran.exists()


def test_on_the_command_line_a_prompt_hook_blocks_the_request_with_its_reason(tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    write_user_settings(tmp_path, {"hooks": {"UserPromptSubmit": [
        "grep -q password && { echo 'a password in the request' >&2; exit 2; } || exit 0"]}})
    with StubOpenAIServer([{"content": "never sent"}]) as stub:
        run = subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "assistant", "my password is hunter2"],
                             cwd=workspace, env=orkeon_env(tmp_path, stub.url), capture_output=True, text=True,
                             timeout=120)
        requests = list(stub.requests)

    assert run.returncode != 0 and requests == []
    assert "blocked the request: a password in the request" in run.stderr + run.stdout


def test_on_the_command_line_what_a_prompt_hook_prints_reaches_the_model_beside_the_request(tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    write_user_settings(tmp_path, {"hooks": {"UserPromptSubmit": ["echo 'release freeze until Monday'"]}})
    with StubOpenAIServer([{"content": "noted: no release before Monday"}]) as stub:
        run = subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "assistant", "can we ship today?"],
                             cwd=workspace, env=orkeon_env(tmp_path, stub.url), capture_output=True, text=True,
                             timeout=120)
        requests = list(stub.requests)

    assert run.returncode == 0, run.stderr
    asked = requests[0]["messages"][-1]["content"]
    assert "release freeze until Monday" in asked and "can we ship today?" in asked
    assert "noted: no release before Monday" in run.stdout


def test_on_the_command_line_config_set_refuses_a_misspelt_guard_and_keeps_the_one_in_force(tmp_path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    guard = {"PreToolUse": [{"matcher": "shell_command", "command": "exit 2"}]}
    write_user_settings(tmp_path, {"hooks": guard})
    settings = tmp_path / "xdg" / "orkeon" / "config.json"
    misspelt = '{"PreToolUse": [{"matcher": "shell_command", "comand": "true"}]}'

    run = subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "config", "set", "hooks", misspelt, "--user"],
                         cwd=workspace, env=orkeon_env(tmp_path, "http://127.0.0.1:9/v1"), capture_output=True,
                         text=True, timeout=120)

    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "hooks.PreToolUse[0]: unknown field 'comand'; fields: matcher, command, timeout; nothing written" \
        in run.stderr, run.stderr
    assert json.loads(settings.read_text(encoding="utf-8"))["hooks"] == guard
