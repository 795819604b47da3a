"""End to end: the status, settings and session commands answer as `orkeon.<name>` over the real server."""

from __future__ import annotations

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from tests.support.lsp_session import run_command

ANSWERS = [
    ("doctor", [], "checks failed: model."),
    ("cache", [], "local caches"),
    ("debug-tool-call", ["list"], "tools registered"),
    ("model", [], "No model is configured"),
    ("hooks", [], "none is declared"),
    ("skills", [], "No skill is attached"),
    ("agents", [], "sub-agent charters"),
    ("tasks", [], "No crew and no child agent has run in this session yet."),
]
REFUSALS = [
    ("export", [], "nothing to export"),
    ("advisor", [], "no answer to judge yet"),
]


@pytest.mark.parametrize(("name", "arguments", "expected"), ANSWERS)
async def test_the_command_answers_from_the_editor(start_server, name, arguments, expected):
    client = await start_server()

    result = await run_command(client, name, *arguments)

    assert expected in result["message"]


@pytest.mark.parametrize(("name", "arguments", "expected"), REFUSALS)
async def test_the_command_refuses_from_the_editor_with_its_reason(start_server, name, arguments, expected):
    client = await start_server()

    with pytest.raises(JsonRpcException) as raised:
        await run_command(client, name, *arguments)

    assert expected in raised.value.message


async def test_doctor_from_the_editor_checks_the_clients_capabilities(start_server):
    client = await start_server(capabilities=types.ClientCapabilities(), initialization_options={"askInEditor": False})

    result = await run_command(client, "doctor")

    editor = next(check for check in result["data"]["checks"] if check["name"] == "editor")
    assert not editor["ok"] and "every call that would ask is refused" in editor["detail"]
    assert "long texts are written under /output but not opened" in editor["detail"]
