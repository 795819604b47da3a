"""McpHub: the MCP servers a person declared, where each comes from, and the calls made to them.

The servers, by name, the later source winning: the built-in ones (the speech server), the user's
`mcp.servers` setting (their settings file, then the session's), then what the project declares, its
`.orkeon/config.json`'s `mcp.servers` and its `.mcp.json`. A project's declarations run a program with the
person's rights, so they are used only once the person trusts the workspace (the WorkspaceTrust port the
ConfigStore holds, `orkeon trust grant`; `mcp.servers` is one of domain/settings/trust.py's TRUST_GATED_KEYS); before
that they are listed as untrusted, with how to trust the workspace, and never started.

Nothing here starts a server: the McpServers port does, on the first need (a call, a tool listing).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from orkeon_engine.domain.errors import CommandFailedError, ConfigFileError
from orkeon_engine.domain.extensions.mcp import (
    McpServerSpec,
    RemoteResult,
    ServerState,
    parse_mcp_json,
    parse_server_table,
)
from orkeon_engine.domain.settings.trust import TRUST_COMMAND
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.mcp_servers import McpServers
from orkeon_engine.services.config_store import ConfigStore

DECLARATION_FILE = "/workspace/.mcp.json"
SERVERS_KEY = "mcp.servers"
TRUST_HINT = f"review what it declares, then run `{TRUST_COMMAND}` (or answer the question in the editor)"


@dataclass(frozen=True)
class ServerDirectory:
    """The declared servers: those that may run, the project's held back until trust, and the problems."""

    servers: tuple[McpServerSpec, ...] = ()
    untrusted: tuple[McpServerSpec, ...] = ()
    problems: tuple[str, ...] = ()
    trust_hint: str = ""

    def find(self, name: str) -> McpServerSpec | None:
        return next((server for server in self.servers if server.name == name), None)

    def held_back(self, name: str) -> McpServerSpec | None:
        return next((server for server in self.untrusted if server.name == name), None)

    def names(self) -> list[str]:
        return [server.name for server in self.servers]


class McpHub:
    """Reads the declarations at each question (a file edited while the engine runs counts at once)."""

    def __init__(
        self,
        config: ConfigStore,
        servers: McpServers,
        env: Mapping[str, str],
        files: Files | None = None,
        builtins: Sequence[McpServerSpec] = (),
    ) -> None:
        self.config = config
        self.servers = servers
        self._env = env
        self._files = files
        self._builtins = tuple(builtins)

    async def directory(self) -> ServerDirectory:
        """The servers as declared now; never raises (what cannot be read is a problem line)."""
        by_name: dict[str, McpServerSpec] = {server.name: server for server in self._builtins}
        problems: list[str] = []
        for scope in ("user", "session"):
            found, trouble = await self._setting_servers(scope)
            by_name.update((server.name, server) for server in found)
            problems += trouble
        project, trouble = await self._project_servers()
        problems += trouble
        if self.config.trust.trusted():
            by_name.update((server.name, server) for server in project)
            return ServerDirectory(tuple(by_name.values()), (), tuple(problems))
        hint = TRUST_HINT if project else ""
        return ServerDirectory(tuple(by_name.values()), tuple(project), tuple(problems), hint)

    async def call(self, server_name: str, tool: str, arguments: Mapping[str, Any]) -> RemoteResult:
        """Call a tool of a declared server (McpServerError when it cannot be used)."""
        directory = await self.directory()
        server = directory.find(server_name)
        if server is None:
            raise CommandFailedError(undeclared_server(server_name, directory))
        return await self.servers.call(server, tool, arguments)

    def states(self) -> dict[str, ServerState]:
        return self.servers.states()

    async def _setting_servers(self, scope: str) -> tuple[list[McpServerSpec], list[str]]:
        try:
            if scope == "session":
                value = (await self.config.session_values()).get(SERVERS_KEY)
                where = f"{SERVERS_KEY} (session)"
            else:
                value = self.config.read_file("user").get(SERVERS_KEY)
                where = f"{self.config.location('user')} ({SERVERS_KEY})"
        except ConfigFileError as error:
            return [], [str(error)]
        return parse_server_table(value, where, self._env)

    async def _project_servers(self) -> tuple[list[McpServerSpec], list[str]]:
        servers: list[McpServerSpec] = []
        problems: list[str] = []
        try:
            value = self.config.read_file("project").get(SERVERS_KEY)
        except ConfigFileError as error:
            value, problems = None, [str(error)]
        found, trouble = parse_server_table(value, f"{self.config.location('project')} ({SERVERS_KEY})", self._env,
                                            project=True)
        servers += found
        problems += trouble
        text, origin = await self._declaration_file()
        if text is not None:
            found, trouble = parse_mcp_json(text, origin, self._env)
            servers += found
            problems += trouble
        elif origin:
            problems.append(origin)
        return servers, problems

    async def _declaration_file(self) -> tuple[str | None, str]:
        """The text of `.mcp.json` and its path; (None, "") when there is none, (None, problem) when it
        cannot be read."""
        if self._files is None:
            return None, ""
        try:
            if not await self._files.exists(DECLARATION_FILE):
                return None, ""
            return await self._files.read_text(DECLARATION_FILE), self._files.host_path(DECLARATION_FILE)
        except FilesError as error:
            return None, f"{DECLARATION_FILE} cannot be read: {error.reason}"


def undeclared_server(name: str, directory: ServerDirectory) -> str:
    """Why no server `name` can be used, and what can."""
    held = directory.held_back(name)
    if held is not None:
        return (f"the MCP server {name} is declared by {held.origin}, which is not used until the workspace is "
                f"trusted: {directory.trust_hint}")
    known = ", ".join(directory.names()) or "none"
    return f"no MCP server is declared under the name {name} (servers: {known}; declare one in .mcp.json or " \
           f"the mcp.servers setting)"
