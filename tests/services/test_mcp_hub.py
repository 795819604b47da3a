import json

import pytest

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.mcp import McpServerSpec
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.mcp_hub import McpHub
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_mcp_servers import FakeMcpServers
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust

BUILTIN = McpServerSpec("speech", "python", ("-m", "orkeon_speech"), (), "built-in")


def _settings(**servers):
    return json.dumps({"mcp.servers": {name: {"command": command} for name, command in servers.items()}})


async def _hub(user=None, project=None, mcp_json=None, trusted=False, servers=None):
    session = await CurrentSession.open(FakeSessionStore())
    config = ConfigStore(FakeConfigFiles(user=user, project=project), session, FakeWorkspaceTrust(trusted))
    files = FakeFiles({"/workspace/.mcp.json": mcp_json} if mcp_json is not None else {})
    return McpHub(config, servers or FakeMcpServers(), {"T": "t"}, files, (BUILTIN,))


async def test_the_servers_are_the_builtins_then_the_users_and_the_later_source_wins():
    hub = await _hub(user=_settings(github="gh-mcp", speech="my-speech"))

    directory = await hub.directory()

    assert [(s.name, s.command) for s in directory.servers] == [("speech", "my-speech"), ("github", "gh-mcp")]


async def test_a_project_declaration_is_held_back_until_the_workspace_is_trusted():
    hub = await _hub(mcp_json=json.dumps({"mcpServers": {"docs": {"command": "docs-mcp"}}}),
                     project=_settings(build="build-mcp"))

    directory = await hub.directory()

    assert directory.names() == ["speech"]
    assert [s.name for s in directory.untrusted] == ["build", "docs"]
    assert directory.trust_hint.startswith("review what it declares, then run `orkeon trust grant`")


async def test_a_trusted_workspace_uses_the_projects_declarations():
    hub = await _hub(mcp_json=json.dumps({"mcpServers": {"docs": {"command": "docs-mcp"}}}), trusted=True)

    directory = await hub.directory()

    assert directory.names() == ["speech", "docs"] and directory.untrusted == ()
    assert directory.find("docs").origin == "/repo/.mcp.json"


async def test_a_broken_declaration_file_is_a_problem_and_the_rest_still_counts():
    hub = await _hub(user=_settings(github="gh-mcp"), mcp_json="{broken", trusted=True)

    directory = await hub.directory()

    assert directory.names() == ["speech", "github"]
    assert directory.problems[0].startswith("/repo/.mcp.json: invalid JSON")


async def test_a_session_declaration_counts_as_the_users():
    hub = await _hub()
    await hub.config.set_value("mcp.servers", '{"notes": {"command": "notes-mcp"}}', "session")

    directory = await hub.directory()

    assert directory.names() == ["speech", "notes"]


async def test_a_call_reaches_the_declared_server():
    servers = FakeMcpServers()
    hub = await _hub(servers=servers)

    await hub.call("speech", "speak", {"text": "hi"})

    assert servers.calls == [("speech", "speak", {"text": "hi"})]


async def test_a_call_to_a_held_back_server_says_why_and_how_to_trust():
    hub = await _hub(mcp_json=json.dumps({"mcpServers": {"docs": {"command": "docs-mcp"}}}))

    with pytest.raises(CommandFailedError) as raised:
        await hub.call("docs", "search", {})

    assert "declared by /repo/.mcp.json, which is not used until the workspace is trusted" in str(raised.value)


async def test_a_call_to_an_undeclared_server_names_the_declared_ones():
    hub = await _hub()

    with pytest.raises(CommandFailedError, match=r"no MCP server is declared under the name jira \(servers: speech"):
        await hub.call("jira", "search", {})
