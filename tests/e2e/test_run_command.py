"""End to end: /run through the real language server, the command line and the ACP agent, the model played
by the loopback stub.

In the editor the gate asks about the command (showMessageRequest): allowed, it runs and the next turn
reads its output as `[command output]` in the history; denied, it never runs and the request fails. On
the command line a session in bypassPermissions runs it and the next request carries it. In an ACP
client it runs in the editor's terminal after the client's permission answer.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from tests.support.acp_client import EditorClient, agent, prompt
from tests.support.lsp_session import run_command
from tests.support.orkeon_cli import STUB_MODEL, orkeon_env
from tests.support.stub_openai_server import StubOpenAIServer


def _user_text(request: dict[str, Any]) -> str:
    return next(m["content"] for m in request["messages"] if m["role"] == "user")


async def test_in_the_editor_the_gate_asks_and_the_output_reaches_the_next_turn(start_server, workspace):
    (workspace / "notes.txt").write_text("remember the milk\n", encoding="utf-8")
    answers = ["Allow once", "Deny"]
    questions: list[str] = []

    def ask(params: types.ShowMessageRequestParams) -> types.MessageActionItem:
        questions.append(params.message)
        return types.MessageActionItem(title=answers.pop(0))

    with StubOpenAIServer([{"content": "The notes say to remember the milk."}]) as stub:
        client = await start_server(features={types.WINDOW_SHOW_MESSAGE_REQUEST: ask},
                                    env={"ORKEON_MODEL": STUB_MODEL, "ORKEON_API_BASE": stub.url})

        ran = await run_command(client, "run", "cat notes.txt")
        with pytest.raises(JsonRpcException) as denied:
            await run_command(client, "run", "ls > listing.txt")
        answer = await run_command(client, "assistant", "what do the notes say?")
        requests = list(stub.requests)

    assert ran["lines"] == ["exit code 0", "remember the milk"] and ran["data"]["exitCode"] == 0
    assert "cat notes.txt" in questions[0] and "shell_command" in questions[0]
    assert "not run: refused by the person" in denied.value.message
    assert not (workspace / "listing.txt").exists()
    history = _user_text(requests[0])
    assert "[command output] The person ran `cat notes.txt` in /workspace (/run):" in history
    assert "remember the milk" in history and "listing.txt" not in history
    assert answer["message"].startswith("The notes say")


def test_on_the_command_line_the_output_is_in_the_next_request(tmp_path: Path):
    workspace = tmp_path / "ws"
    workspace.mkdir()
    (workspace / ".orkeon").mkdir()
    (workspace / "app.py").write_text("print('hello')\n", encoding="utf-8")
    with StubOpenAIServer([{"content": "It printed hello."}]) as stub:
        env = orkeon_env(tmp_path, stub.url)

        def orkeon(*args: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", *args], cwd=workspace, env=env,
                                  capture_output=True, text=True, timeout=120)

        unasked = orkeon("run", "python", "app.py")
        orkeon("mode", "bypassPermissions")
        ran = orkeon("run", "python", "app.py")
        failing = orkeon("run", "python -c 'import sys; sys.exit(3)'")
        answer = orkeon("assistant", "what did app.py print?")
        requests = list(stub.requests)

    assert unasked.returncode == 1 and "nobody answered" in unasked.stderr
    assert ran.returncode == 0 and ran.stdout.startswith("exit code 0\nhello\n")
    assert failing.returncode == 1 and failing.stdout.startswith("exit code 3")
    assert answer.returncode == 0
    assert "[command output] The person ran `python app.py`" in _user_text(requests[0])


async def test_in_an_acp_client_it_runs_in_the_editors_terminal(tmp_path: Path):
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "only.txt").write_text("x", encoding="utf-8")
    client = EditorClient(answers=["allow_once"])
    with StubOpenAIServer([{"content": "one file"}]) as stub:
        async with agent(client, tmp_path, ORKEON_API_BASE=stub.url, ORKEON_MODEL=STUB_MODEL) as conn:
            session = (await conn.new_session(cwd=str(tmp_path / "ws"))).session_id
            ran = await prompt(conn, session, "/run ls")
            shown = client.agent_text(session)
            await prompt(conn, session, "what is in the folder?")
        requests = list(stub.requests)

    (terminal,) = client.terminals.values()
    assert ran == "end_turn" and terminal.args[-2:] == ["-c", "ls"]
    assert "exit code 0" in shown and "only.txt" in shown
    assert "The person ran `ls`" in _user_text(requests[0]) and "only.txt" in _user_text(requests[0])
