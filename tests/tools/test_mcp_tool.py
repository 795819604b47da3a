import pytest

from orkeon_engine.domain.extensions.mcp import ExtraToolSpec, McpServerSpec, RemoteResult, RemoteTool
from orkeon_engine.tools.mcp_tool import MAX_RESULT_CHARS, build_mcp_tool
from tests.support.doubles.fake_mcp_servers import FakeMcpServers

SERVER = McpServerSpec("jira", "jira-mcp")
SCHEMA = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
SEARCH = RemoteTool("search", "Search the issues.\nReturns keys.", SCHEMA)


def _tool(servers=None, tool_class="read", remote=SEARCH):
    spec = ExtraToolSpec(f"mcp__jira__{remote.name}", "jira", remote.name, tool_class)
    return build_mcp_tool(servers or FakeMcpServers(), SERVER, remote, spec)


def test_the_model_sees_the_full_name_the_servers_schema_and_where_it_comes_from():
    function = _tool().spec()["function"]

    assert function["name"] == "mcp__jira__search" and function["parameters"] == SCHEMA
    assert function["description"] == "Search the issues. Returns keys. (tool search of the MCP server jira)"


def test_a_tool_without_a_schema_takes_an_empty_object():
    spec = _tool(remote=RemoteTool("ping")).spec()

    assert spec["function"]["parameters"] == {"type": "object", "properties": {}}


def test_the_class_is_the_one_the_entry_gave():
    assert (_tool(tool_class="read").tool_class, _tool(tool_class="extra").tool_class) == ("read", "extra")


async def test_the_gate_is_shown_the_server_and_the_arguments():
    tool = _tool(tool_class="extra")

    call = await tool.describe(tool.parse({"query": "login bug"}))

    assert (call.name, call.tool_class, call.arguments) == ("mcp__jira__search", "extra", {"query": "login bug"})
    assert call.preview.startswith("jira server, arguments:\n{\n  \"query\": \"login bug\"")


async def test_a_failed_tool_is_an_error_result_with_its_text():
    servers = FakeMcpServers(answers={("jira", "search"): RemoteResult("bad query", is_error=True)})
    tool = _tool(servers)

    result = await tool.run(tool.parse({"query": "x"}))

    assert (result.text, result.is_error) == ("bad query", True)


async def test_a_server_that_cannot_start_is_an_error_result_saying_so():
    tool = _tool(FakeMcpServers(failing={"jira": "no such command"}))

    result = await tool.run(tool.parse({"query": "x"}))

    assert result.is_error and result.text == ("the MCP server jira could not start: no such command; the tool could "
                                               "not run")


async def test_a_long_answer_is_cut_with_a_note():
    servers = FakeMcpServers(answers={("jira", "search"): RemoteResult("x" * (MAX_RESULT_CHARS + 5))})
    tool = _tool(servers)

    result = await tool.run(tool.parse({"query": "x"}))

    assert result.text.endswith("[... 5 more characters left out: ask for less]") and result.data == {"cut": True}


def test_arguments_that_are_not_an_object_are_refused():
    with pytest.raises(ValueError, match="takes a JSON object"):
        _tool().parse(["x"])
