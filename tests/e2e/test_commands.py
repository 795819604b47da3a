"""End to end: the catalogue over workspace/executeCommand, its answers and errors, and a server that stays up."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import Future

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcMethodNotFound

from orkeon_engine.commands.catalogue import CATALOGUE
from tests.support.lsp_session import run_command, status_rows

REQUEST_FAILED = types.LSPErrorCodes.RequestFailed.value


async def test_initialize_advertises_every_catalogue_command(start_server):
    client = await start_server()

    provider = client.initialize_result.capabilities.execute_command_provider

    assert sorted(provider.commands) == sorted(f"orkeon.{entry.name}" for entry in CATALOGUE)


async def test_status_answers_with_the_view_as_json(start_server, workspace):
    client = await start_server()

    result = await run_command(client, "status")

    assert set(result) >= {"message", "lines", "table", "document", "data", "output"}
    rows = status_rows(result)
    assert rows["workspace"] == str(workspace.resolve())
    assert rows["mode"] == "default (fallback)"


async def test_one_object_of_words_and_flags_runs_as_the_same_tokens(start_server):
    client = await start_server()

    result = await run_command(client, "help", {"words": ["mode"]})

    assert "/mode" in json.dumps(result)


async def test_bad_arguments_answer_invalid_params_with_the_usage(start_server):
    client = await start_server()

    with pytest.raises(JsonRpcInvalidParams) as raised:
        await run_command(client, "mode", "plan", "extra")

    assert "unexpected word 'extra'" in raised.value.message
    assert "usage: /mode [mode]" in raised.value.message
    assert raised.value.data == {"usage": "/mode [mode]"}


async def test_arguments_neither_strings_nor_one_object_answer_invalid_params(start_server):
    client = await start_server()

    with pytest.raises(JsonRpcInvalidParams) as raised:
        await run_command(client, "mode", 3, "plan")

    assert "a list of strings" in raised.value.message and "usage: /mode" in raised.value.message


async def test_a_failing_command_answers_an_error_and_the_server_stays_up(start_server, workspace):
    (workspace / ".orkeon").mkdir()
    (workspace / ".orkeon" / "config.json").write_text("{not json", encoding="utf-8")
    client = await start_server()

    with pytest.raises(JsonRpcException) as raised:
        await run_command(client, "config", "get", "model")
    after = await run_command(client, "help", "status")

    assert raised.value.code == REQUEST_FAILED and raised.value.data == {"kind": "failed"}
    assert "invalid JSON" in raised.value.message
    assert "/status" in json.dumps(after)


async def test_the_closing_message_is_shown_with_show_message(start_server):
    client = await start_server()

    await run_command(client, "mode", "plan")

    assert any(m.message == "mode: plan (session)" and m.type == types.MessageType.Info for m in client.messages)


async def test_a_malformed_request_is_answered_and_the_server_survives(start_server):
    client = await start_server()
    answer: Future = Future()
    client.protocol._request_futures["malformed-1"] = answer  # a hand-made request no typed client sends
    body = json.dumps({"jsonrpc": "2.0", "id": "malformed-1", "method": "workspace/executeCommand",
                       "params": {"command": 42, "arguments": "not a list"}}).encode()

    client.protocol.writer.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    with pytest.raises(JsonRpcInvalidParams):
        await asyncio.wrap_future(answer)
    after = await run_command(client, "mode", "show")

    assert after["message"] == "mode: default (fallback)"


async def test_an_unknown_method_is_answered_method_not_found_and_the_server_survives(start_server):
    client = await start_server()

    with pytest.raises(JsonRpcMethodNotFound):
        await client.protocol.send_request_async("orkeon/noSuchMethod", {})
    after = await run_command(client, "mode", "show")

    assert after["message"] == "mode: default (fallback)"
