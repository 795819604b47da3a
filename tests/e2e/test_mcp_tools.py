"""End to end: the extra tools of a real MCP server (tests/support/tiny_mcp_server.py, started over stdio
by the language server), declared in the workspace's `.mcp.json` of a trusted workspace and listed in the
user's `tools.extra`; the model is the loopback stub.

An extra tool of class write is offered in the default mode and asks through window/showMessageRequest;
one declared `:read` runs without asking; the read-only plan mode offers only the reader, and the gate
refuses the writer there; a name the server does not register fails the turn before the model is asked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from tests.support.lsp_session import run_command
from tests.support.mcp_servers import tiny_declaration
from tests.support.stub_openai_server import StubOpenAIServer

SCRIPT = [
    {"tool_calls": [{"name": "mcp__tiny__echo", "arguments": {"text": "ship it"}}], "content": None},
    {"tool_calls": [{"name": "mcp__tiny__add", "arguments": {"a": 2, "b": 40}}], "content": None},
    {"content": "The server said: echo: ship it, and 42."},
]


def declare(tmp_path: Path, workspace: Path, extra: list[str]) -> None:
    (workspace / ".mcp.json").write_text(json.dumps({"mcpServers": {"tiny": tiny_declaration()}}), encoding="utf-8")
    config = tmp_path / "xdg" / "orkeon"
    config.mkdir(parents=True, exist_ok=True)
    trusted = {"trusted": [os.path.realpath(workspace)]}  # as `orkeon trust grant` keeps it
    (config / "trusted.json").write_text(json.dumps(trusted), encoding="utf-8")
    (config / "config.json").write_text(json.dumps({"tools.extra": extra}), encoding="utf-8")


def answering(*answers: str, asked: list[types.ShowMessageRequestParams]) -> dict[str, object]:
    queue = list(answers)

    def ask(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        asked.append(params)
        return types.MessageActionItem(title=queue.pop(0)) if queue else None

    return {types.WINDOW_SHOW_MESSAGE_REQUEST: ask}


def offered(request: dict[str, object]) -> list[str]:
    return [tool["function"]["name"] for tool in request.get("tools", [])]  # type: ignore[index, union-attr]


async def start(start_server, stub: StubOpenAIServer, asked: list) -> LanguageClient:
    return await start_server(features=answering("Allow once", asked=asked),
                              env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})


async def test_an_extra_tool_is_offered_and_called_through_the_gate(start_server, workspace, tmp_path):
    declare(tmp_path, workspace, ["mcp__tiny__echo", "mcp__tiny__add:read"])
    asked: list[types.ShowMessageRequestParams] = []
    with StubOpenAIServer(SCRIPT) as stub:
        client = await start(start_server, stub, asked)

        result = await run_command(client, "assistant", "ask the tiny server")
        requests = list(stub.requests)

    assert result["message"].startswith("The server said: echo: ship it, and 42.")
    assert {"mcp__tiny__echo", "mcp__tiny__add"} <= set(offered(requests[0]))
    assert len(asked) == 1 and asked[0].message.startswith("Allow mcp__tiny__echo?")
    assert '"text": "ship it"' in asked[0].message
    tool_results = [m["content"] for m in requests[2]["messages"] if m["role"] == "tool"]
    assert tool_results == ["echo: ship it", "42"]


async def test_the_plan_mode_offers_the_reader_alone_and_the_gate_refuses_the_writer(start_server, workspace,
                                                                                     tmp_path):
    declare(tmp_path, workspace, ["mcp__tiny__echo", "mcp__tiny__add:read"])
    asked: list[types.ShowMessageRequestParams] = []
    with StubOpenAIServer([{"content": "A plan."}]) as stub:
        client = await start(start_server, stub, asked)

        await run_command(client, "assistant", "mode:plan what would you do?")
        await run_command(client, "mode", "plan")
        refused = await run_command(client, "debug-tool-call", "mcp__tiny__echo", '{"text": "x"}')
        requests = list(stub.requests)

    assert "mcp__tiny__add" in offered(requests[0]) and "mcp__tiny__echo" not in offered(requests[0])
    assert refused["lines"][1] == ("gate: refused (refused: the plan mode (it is read-only) does not offer "
                                   "mcp__tiny__echo, a tool of class extra; the mode is the person's choice, so "
                                   "change approach instead of repeating the call)")
    assert asked == []


async def test_a_name_the_server_does_not_register_fails_the_launch(start_server, workspace, tmp_path):
    declare(tmp_path, workspace, ["mcp__tiny__echo", "mcp__tiny__deploy"])
    asked: list[types.ShowMessageRequestParams] = []
    with StubOpenAIServer([{"content": "never asked"}]) as stub:
        client = await start(start_server, stub, asked)

        failure = None
        try:
            await run_command(client, "assistant", "deploy it")
        except Exception as error:  # the command's failure comes back as a JSON-RPC error
            failure = str(error)
        requests = list(stub.requests)

    assert failure is not None and "tools.extra names a tool its server does not register: mcp__tiny__deploy" in failure
    assert "The tools that exist: mcp__tiny__echo, mcp__tiny__add" in failure
    assert requests == []
