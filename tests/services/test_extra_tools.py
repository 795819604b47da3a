import json

import pytest

from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteTool
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.extra_tools import ExtraToolsError, launch_extra_tools, read_extra_entries
from orkeon_engine.services.mcp_hub import McpHub
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_mcp_servers import FakeMcpServers
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust

TOOLS = {"github": [RemoteTool("list_issues", "List the issues."), RemoteTool("create_issue", "Open an issue.")],
         "jira": [RemoteTool("search", "Search.")]}
SERVERS = {"mcp.servers": {"github": {"command": "gh-mcp"}, "jira": {"command": "jira-mcp"}}}


async def _hub(extra=None, project=None, servers=None, trusted=False, mcp_json=None):
    user = json.dumps({**SERVERS, **({"tools.extra": extra} if extra is not None else {})})
    session = await CurrentSession.open(FakeSessionStore())
    config = ConfigStore(FakeConfigFiles(user=user, project=project), session, FakeWorkspaceTrust(trusted))
    files = FakeFiles({"/workspace/.mcp.json": mcp_json} if mcp_json else {})
    servers = servers or FakeMcpServers(dict(TOOLS))
    return McpHub(config, servers, {}, files)


async def test_each_entry_becomes_a_tool_with_its_class():
    hub = await _hub(["mcp__github__list_issues:read", "mcp__github__create_issue"])

    tools = await launch_extra_tools(hub)

    assert [(t.name, t.tool_class) for t in tools] == [("mcp__github__list_issues", "read"),
                                                       ("mcp__github__create_issue", "extra")]


async def test_no_entry_starts_no_server():
    servers = FakeMcpServers(dict(TOOLS))
    hub = await _hub(None, servers=servers)

    tools = await launch_extra_tools(hub)

    assert tools == [] and servers.started == []


async def test_only_the_servers_named_are_started():
    servers = FakeMcpServers(dict(TOOLS))
    hub = await _hub(["mcp__jira__search"], servers=servers)

    await launch_extra_tools(hub)

    assert [s.name for s in servers.started] == ["jira"]


async def test_an_unknown_tool_fails_the_launch_listing_the_tools_that_exist():
    hub = await _hub(["mcp__github__list_issues", "mcp__github__delete_repo"])

    with pytest.raises(ExtraToolsError) as raised:
        await launch_extra_tools(hub)

    assert str(raised.value) == ("tools.extra names a tool its server does not register: mcp__github__delete_repo. "
                                 "The tools that exist: mcp__github__list_issues, mcp__github__create_issue")


async def test_an_undeclared_server_fails_the_launch_naming_the_declared_ones():
    hub = await _hub(["mcp__slack__post"])

    with pytest.raises(ExtraToolsError, match="tools.extra names mcp__slack__post, but no MCP server is declared under "
                                              "the name slack"):
        await launch_extra_tools(hub)


async def test_a_server_that_does_not_start_fails_the_launch_with_its_reason():
    hub = await _hub(["mcp__jira__search"], servers=FakeMcpServers(dict(TOOLS), failing={"jira": "no such command"}))

    with pytest.raises(ExtraToolsError, match="tools.extra needs the MCP server jira could not start: no such command"):
        await launch_extra_tools(hub)


async def test_an_entry_that_does_not_parse_fails_the_launch_naming_it():
    hub = await _hub(["github.list"])

    with pytest.raises(ExtraToolsError, match=r"tools.extra\[0\] 'github.list' is not mcp__<server>__<tool>"):
        await launch_extra_tools(hub)


async def test_a_tool_name_no_model_accepts_fails_the_launch():
    hub = await _hub(["mcp__jira__a.b"], servers=FakeMcpServers({"jira": [RemoteTool("a.b")]}))

    with pytest.raises(ExtraToolsError, match="cannot be offered to a model"):
        await launch_extra_tools(hub)


async def test_a_project_list_is_set_aside_until_the_workspace_is_trusted():
    hub = await _hub(["mcp__jira__search"], project=json.dumps({"tools.extra": ["mcp__github__create_issue:read"]}))

    entries, note = await read_extra_entries(hub)

    assert [(e.name, e.tool_class) for e in entries] == [("mcp__jira__search", "extra")]
    assert note.startswith("the project's tools.extra (/repo/.orkeon/config.json) is not used until the workspace "
                           "is trusted: review what it declares, then run `orkeon trust grant`")


async def test_a_project_list_in_a_trusted_workspace_is_used():
    hub = await _hub(["mcp__jira__search"], project=json.dumps({"tools.extra": ["mcp__github__create_issue:read"]}),
                     trusted=True)

    entries, note = await read_extra_entries(hub)

    assert ([(e.name, e.tool_class) for e in entries], note) == ([("mcp__github__create_issue", "read")], "")


async def test_a_server_the_project_declares_is_not_started_in_an_untrusted_workspace():
    servers = FakeMcpServers({"docs": [RemoteTool("search")]})
    hub = await _hub(["mcp__docs__search"], servers=servers,
                     mcp_json=json.dumps({"mcpServers": {"docs": {"command": "docs-mcp"}}}))

    with pytest.raises(ExtraToolsError, match="is not used until the workspace is trusted"):
        await launch_extra_tools(hub)

    assert servers.started == []


async def test_the_extra_tools_call_their_server_under_its_own_tool_name():
    servers = FakeMcpServers(dict(TOOLS))
    hub = await _hub(["mcp__jira__search:read"], servers=servers)
    tool = (await launch_extra_tools(hub))[0]

    await tool.run(tool.parse({"query": "bug"}))

    assert servers.calls == [("jira", "search", {"query": "bug"})]
    assert servers.started == [McpServerSpec("jira", "jira-mcp", (), (), "/home/dev/.config/orkeon/config.json "
                                                                          "(mcp.servers)")]
