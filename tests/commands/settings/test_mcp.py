import json

import pytest

from orkeon_engine.commands.settings.mcp import ARGS, run_mcp
from orkeon_engine.domain.extensions.mcp import RemoteTool
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_mcp_servers import FakeMcpServers
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust

USER = json.dumps({"mcp.servers": {"github": {"command": "gh-mcp"}, "jira": {"command": "jira-mcp"}},
                   "tools.extra": ["mcp__github__list_issues:read", "mcp__github__create_issue"]})
TOOLS = {"github": [RemoteTool("list_issues", "List the issues.\nPaged."), RemoteTool("create_issue", "Open one."),
                    RemoteTool("merge", "Merge.")]}


async def _deps(servers=None, user=USER, vfs=None, trusted=True):
    return await make_deps(files=FakeConfigFiles(user=user), mcp_servers=servers or FakeMcpServers(dict(TOOLS)),
                           vfs=vfs, trust=FakeWorkspaceTrust(trusted))


async def test_mcp_lists_each_servers_tools_and_what_tools_extra_offers():
    deps = await _deps(FakeMcpServers(dict(TOOLS), failing={"jira": "its command was not found (jira-mcp)"}))

    view = await run_mcp(parse_args("mcp", ARGS, []), deps)

    assert view.table.rows == (("mcp__github__list_issues", "read", "List the issues."),
                               ("mcp__github__create_issue", "write", "Open one."),
                               ("mcp__github__merge", "-", "Merge."))
    assert view.lines == (
        "github: running (gh-mcp; from /home/dev/.config/orkeon/config.json (mcp.servers)); 3 tools",
        "jira: failed: could not start: its command was not found (jira-mcp) (jira-mcp; from "
        "/home/dev/.config/orkeon/config.json (mcp.servers)); 0 tools")
    assert view.message == "2 servers, 3 tools; tools.extra offers 2 of them to the assistant."


async def test_mcp_with_a_name_shows_that_server_alone():
    servers = FakeMcpServers(dict(TOOLS))
    deps = await _deps(servers)

    view = await run_mcp(parse_args("mcp", ARGS, ["github"]), deps)

    assert [s.name for s in servers.started] == ["github"] and len(view.lines) == 1


async def test_mcp_with_an_unknown_name_names_the_servers():
    deps = await _deps()

    with pytest.raises(ArgumentError, match="no MCP server is named 'slack'; servers: github, jira"):
        await run_mcp(parse_args("mcp", ARGS, ["slack"]), deps)


async def test_mcp_shows_a_project_server_as_not_started_until_the_workspace_is_trusted():
    servers = FakeMcpServers()
    vfs = FakeFiles({"/workspace/.mcp.json": json.dumps({"mcpServers": {"docs": {"command": "docs-mcp"}}})})
    deps = await _deps(servers, user="{}", vfs=vfs, trusted=False)

    view = await run_mcp(parse_args("mcp", ARGS, []), deps)

    assert view.lines == ("docs: not started, the workspace is not trusted (docs-mcp; from /repo/.mcp.json); review "
                          "what it declares, then run `orkeon trust grant` (or answer the question in the editor)",)
    assert servers.started == []


async def test_mcp_without_servers_says_how_to_declare_one():
    deps = await _deps(user="{}")

    view = await run_mcp(parse_args("mcp", ARGS, []), deps)

    assert view.message == "No MCP server is declared."
    assert view.lines[-1].startswith("Declare one in .mcp.json at the workspace root, or: orkeon config set")


async def test_mcp_shows_a_tools_extra_that_does_not_parse_as_a_problem():
    deps = await _deps(user=json.dumps({"mcp.servers": {"github": {"command": "gh-mcp"}}, "tools.extra": ["x"]}))

    view = await run_mcp(parse_args("mcp", ARGS, []), deps)

    assert view.lines[0].startswith("problem: /home/dev/.config/orkeon/config.json: tools.extra[0] 'x' is not")
