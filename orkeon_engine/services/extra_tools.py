"""The `tools.extra` setting against what the MCP servers register: the extra tools a run offers.

`launch_extra_tools(hub)` runs when a crew that offers them is launched, before any model call: it reads
the entries (a project file's only in a trusted workspace: `tools.extra` is one of domain/settings/trust.py's
TRUST_GATED_KEYS, so the ConfigStore reads the person's own list until then), starts the servers they name
(at once, each on its first need), and builds one tool per entry with the class the entry gives. Anything
wrong fails the launch with ExtraToolsError, saying what and naming what exists: an entry that does not
parse, a server nobody declared (or a project's, not used until the workspace is trusted), a server that
does not start, a tool its server does not register.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import TYPE_CHECKING

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.mcp import (
    ExtraToolSpec,
    McpServerSpec,
    RemoteTool,
    extra_tool_name,
    model_name_problem,
    parse_extra_entries,
)
from orkeon_engine.ports.mcp_servers import McpServerError
from orkeon_engine.services.config_store import FILE_SCOPES
from orkeon_engine.services.mcp_hub import TRUST_HINT, McpHub, ServerDirectory, undeclared_server

if TYPE_CHECKING:  # the tool modules (and pydantic) load with the first launch, not at start-up
    from orkeon_engine.tools.mcp_tool import McpTool

EXTRA_KEY = "tools.extra"


class ExtraToolsError(CommandFailedError):
    """`tools.extra` cannot be honoured: the message says which entries and what exists."""


async def read_extra_entries(hub: McpHub) -> tuple[list[ExtraToolSpec], str]:
    """The entries of `tools.extra` as the trust allows, and a note when a project's were set aside;
    ExtraToolsError when an entry does not parse."""
    config = hub.config
    found = await config.read_value(EXTRA_KEY)
    where = config.location(found.source) if found.source in FILE_SCOPES else found.source
    entries, problems = parse_extra_entries(found.value if found.is_set else None, where)
    if problems:
        raise ExtraToolsError("; ".join(problems))
    if any(held.key == EXTRA_KEY for held in await config.held_back()):
        return entries, (f"the project's {EXTRA_KEY} ({config.location('project')}) is not used until the "
                         f"workspace is trusted: {TRUST_HINT}")
    return entries, ""


async def launch_extra_tools(hub: McpHub) -> list[McpTool]:
    """One tool per `tools.extra` entry, checked against what its server registers."""
    from orkeon_engine.tools.mcp_tool import build_mcp_tool

    entries, _ = await read_extra_entries(hub)
    if not entries:
        return []
    directory = await hub.directory()
    needed = _servers_named(entries, directory)
    registered = await _registered_tools(hub, needed)
    tools: list[McpTool] = []
    unknown: list[str] = []
    for entry in entries:
        remote = registered.get(entry.server, {}).get(entry.tool)
        if remote is None:
            unknown.append(entry.name)
            continue
        problem = model_name_problem(entry.name)
        if problem:
            raise ExtraToolsError(f"tools.extra: {problem}")
        tools.append(build_mcp_tool(hub.servers, needed[entry.server], remote, entry))
    if unknown:
        raise ExtraToolsError(_unknown_message(unknown, registered))
    return tools


def _servers_named(entries: Iterable[ExtraToolSpec], directory: ServerDirectory) -> dict[str, McpServerSpec]:
    needed: dict[str, McpServerSpec] = {}
    for entry in entries:
        server = directory.find(entry.server)
        if server is None:
            raise ExtraToolsError(f"tools.extra names {entry.name}, but {undeclared_server(entry.server, directory)}")
        needed[entry.server] = server
    return needed


async def _registered_tools(hub: McpHub, servers: dict[str, McpServerSpec]) -> dict[str, dict[str, RemoteTool]]:
    names = list(servers)
    listings = await asyncio.gather(*(hub.servers.tools(servers[name]) for name in names), return_exceptions=True)
    registered: dict[str, dict[str, RemoteTool]] = {}
    for name, listing in zip(names, listings, strict=True):
        if isinstance(listing, McpServerError):
            raise ExtraToolsError(f"tools.extra needs {listing}")
        if isinstance(listing, BaseException):
            raise listing
        registered[name] = {tool.name: tool for tool in listing}
    return registered


def _unknown_message(unknown: list[str], registered: dict[str, dict[str, RemoteTool]]) -> str:
    existing = [extra_tool_name(server, tool) for server, tools in registered.items() for tool in tools]
    noun = "a tool its server does not register" if len(unknown) == 1 else "tools their servers do not register"
    return (f"tools.extra names {noun}: {', '.join(unknown)}. The tools that exist: "
            f"{', '.join(existing) or 'none'}")
