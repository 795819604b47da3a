"""StdioMcpServers against a real server over stdio (tests/support/tiny_mcp_server.py)."""

from __future__ import annotations

import asyncio
import dataclasses
import sys

import pytest

from orkeon_engine.adapters import temp_paths
from orkeon_engine.adapters.mcp_servers import StdioMcpServers
from orkeon_engine.domain.extensions.mcp import McpServerSpec
from orkeon_engine.ports.mcp_servers import McpServerError
from tests.support.mcp_servers import ROOT, tiny_server


@pytest.fixture(scope="module")
def servers():
    pool = StdioMcpServers(ROOT)
    yield pool
    pool.close()


async def test_a_server_lists_its_tools_with_their_schemas(servers):
    tools = {tool.name: tool for tool in await servers.tools(tiny_server())}

    assert {"echo", "add", "refuse", "env", "crash"} <= set(tools)
    assert tools["add"].description == "Add two integers."
    assert tools["add"].input_schema["required"] == ["a", "b"]


async def test_a_call_gets_the_tools_text(servers):
    result = await servers.call(tiny_server(), "add", {"a": 2, "b": 40})

    assert (result.text, result.is_error) == ("42", False)


async def test_a_tool_that_fails_is_an_error_result_with_its_reason(servers):
    result = await servers.call(tiny_server(), "refuse", {"reason": "not today"})

    assert result.is_error and "refused: not today" in result.text


async def test_arguments_that_do_not_fit_are_an_error_result(servers):
    result = await servers.call(tiny_server(), "add", {"a": "two"})

    assert result.is_error


async def test_a_started_server_is_running_and_one_never_needed_is_absent(servers):
    await servers.tools(tiny_server())

    states = servers.states()

    assert states["tiny"].state == "running" and "other" not in states


async def test_the_declared_variables_reach_the_server_and_the_engines_keys_do_not(monkeypatch):
    monkeypatch.setenv("ORKEON_TEST_API_KEY", "sk-secret")
    pool = StdioMcpServers(ROOT)
    server = tiny_server("envtest", GREETING="hello")
    try:
        declared = await pool.call(server, "env", {"name": "GREETING"})
        inherited = await pool.call(server, "env", {"name": "ORKEON_TEST_API_KEY"})
    finally:
        pool.close()

    assert (declared.text, inherited.text) == ("hello", "(unset)")


async def test_a_command_that_does_not_exist_fails_with_the_reason():
    pool = StdioMcpServers(ROOT)
    try:
        with pytest.raises(McpServerError) as raised:
            await pool.tools(McpServerSpec("ghost", "orkeon-no-such-command-x"))
    finally:
        pool.close()

    assert "the MCP server ghost could not start" in str(raised.value)
    assert "not found" in str(raised.value)


async def test_a_server_that_exits_at_once_fails_with_its_last_error_lines():
    pool = StdioMcpServers(ROOT)
    try:
        with pytest.raises(McpServerError) as raised:
            await pool.tools(McpServerSpec("early", sys.executable, ("-c", "import sys; sys.exit('bad config')")))
        state = pool.states()["early"]
    finally:
        pool.close()

    assert "bad config" in str(raised.value) and state.state == "failed"


async def test_a_server_that_dies_under_a_call_fails_it_and_starts_again_on_the_next_need():
    pool = StdioMcpServers(ROOT)
    server = tiny_server("mortal")
    try:
        with pytest.raises(McpServerError) as raised:
            await pool.call(server, "crash", {})
        failed = pool.states()["mortal"].state
        again = await pool.call(server, "echo", {"text": "back"})
    finally:
        pool.close()

    assert "stopped while it ran crash" in str(raised.value) and failed == "failed"
    assert again.text == "echo: back"


async def test_a_changed_declaration_starts_the_server_again():
    pool = StdioMcpServers(ROOT)
    try:
        first = await pool.call(tiny_server("changing", WORD="one"), "env", {"name": "WORD"})
        second = await pool.call(tiny_server("changing", WORD="two"), "env", {"name": "WORD"})
    finally:
        pool.close()

    assert (first.text, second.text) == ("one", "two")


async def test_close_stops_every_server_and_refuses_later_needs():
    pool = StdioMcpServers(ROOT)
    await pool.tools(tiny_server("closing"))

    pool.close()

    assert pool.states()["closing"].state == "stopped"
    with pytest.raises(McpServerError, match="closing"):
        await pool.tools(tiny_server("closing"))


async def test_a_servers_error_log_is_kept_while_it_runs_and_removed_when_it_stops():
    pool = StdioMcpServers(ROOT)
    await pool.tools(tiny_server("logging"))
    logs = [path for path in temp_paths.left() if path.name.startswith("orkeon-mcp-logging-")]

    assert len(logs) == 1 and logs[0].is_file()  # and at exit at the latest, were the pool never closed
    pool.close()
    assert not logs[0].exists() and logs[0] not in temp_paths.left()


async def test_a_server_that_never_answers_fails_after_the_start_timeout():
    pool = StdioMcpServers(ROOT, start_timeout=0.5)
    silent = McpServerSpec("silent", sys.executable, ("-c", "import time; time.sleep(30)"))
    try:
        with pytest.raises(McpServerError, match="did not answer within 0.5 s"):
            await pool.tools(silent)
    finally:
        pool.close()


def test_a_declaration_is_compared_whole_so_a_new_argument_counts_as_a_change():
    assert dataclasses.replace(tiny_server(), args=("-X",)) != tiny_server()


async def test_needs_that_come_together_after_a_failure_start_the_server_again_once():
    pool = StdioMcpServers(ROOT)
    server = tiny_server("together")
    try:
        with pytest.raises(McpServerError):
            await pool.call(server, "crash", {})
        answers = await asyncio.gather(*(pool.call(server, "pid", {}) for _ in range(4)))
    finally:
        pool.close()

    assert len({answer.text for answer in answers}) == 1
