"""/mcp [server]: the MCP servers, where each is declared, how it stands, and the tools it registers, with
those `tools.extra` offers the assistant and their class.

Listing a server's tools is a need: a server not running yet is started (a project's only in a trusted
workspace); one that cannot start is shown failed with the reason, and the others are listed still.
"""

from __future__ import annotations

import asyncio

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.mcp import ExtraToolSpec, McpServerSpec, RemoteTool, extra_tool_name
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.ports.mcp_servers import McpServerError
from orkeon_engine.services.extra_tools import read_extra_entries
from orkeon_engine.services.mcp_hub import McpHub, ServerDirectory

ARGS = ArgSpec(positionals=(Positional("server", "one server's name (default: every server)"),))
EXAMPLE = ("orkeon config set mcp.servers '{\"github\": {\"command\": \"github-mcp-server\", \"args\": [\"stdio\"], "
           "\"env\": {\"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\"}}}'")


async def run_mcp(args: ParsedArgs, deps: Deps) -> CommandView:
    hub = deps.require_mcp()
    directory = await hub.directory()
    wanted = args.word(0)
    servers = [s for s in directory.servers if wanted in (None, s.name)]
    held = [s for s in directory.untrusted if wanted in (None, s.name) and directory.find(s.name) is None]
    if wanted is not None and not servers and not held:
        raise ArgumentError(f"no MCP server is named {wanted!r}; servers: {', '.join(directory.names()) or 'none'}",
                            ARGS.usage("mcp"))
    try:
        entries, note = await read_extra_entries(hub)
    except CommandFailedError as error:
        entries, note = [], f"problem: {error}"
    listings = await asyncio.gather(*(_listing(hub, server) for server in servers))
    offered = {entry.name: entry for entry in entries}
    lines = [*_problems(directory, note), *_server_lines(servers, listings, hub), *_held_lines(held, directory)]
    rows = [_tool_row(server, tool, offered) for server, (tools, _) in zip(servers, listings, strict=True)
            for tool in tools]
    if not servers and not held:
        return CommandView(lines=(*lines, f"Declare one in .mcp.json at the workspace root, or: {EXAMPLE}"),
                           message="No MCP server is declared.")
    count = sum(1 for row in rows if row[1] != "-")
    return CommandView(
        lines=tuple(lines),
        table=table(["tool", "offered", "what it does"], rows) if rows else None,
        message=f"{len(servers) + len(held)} server{'s' if len(servers) + len(held) != 1 else ''}, {len(rows)} "
                f"tools; tools.extra offers {count} of them to the assistant.",
        data={"servers": [_server_data(s, hub, tools) for s, (tools, _) in zip(servers, listings, strict=True)]},
    )


async def _listing(hub: McpHub, server: McpServerSpec) -> tuple[list[RemoteTool], str]:
    try:
        return await hub.servers.tools(server), ""
    except McpServerError as error:
        return [], error.reason


def _problems(directory: ServerDirectory, note: str) -> list[str]:
    return [f"problem: {line}" for line in directory.problems] + ([note] if note else [])


def _server_lines(servers: list[McpServerSpec], listings: list[tuple[list[RemoteTool], str]],
                  hub: McpHub) -> list[str]:
    lines = []
    states = hub.states()
    for server, (tools, failure) in zip(servers, listings, strict=True):
        state = states.get(server.name)
        status = f"failed: {failure}" if failure else (state.state if state is not None else "not started")
        lines.append(f"{server.name}: {status} ({server.command}; from {server.origin}); "
                     f"{len(tools)} tool{'s' if len(tools) != 1 else ''}")
    return lines


def _held_lines(held: list[McpServerSpec], directory: ServerDirectory) -> list[str]:
    return [f"{server.name}: not started, the workspace is not trusted ({server.command}; from {server.origin}); "
            f"{directory.trust_hint}" for server in held]


def _tool_row(server: McpServerSpec, tool: RemoteTool, offered: dict[str, ExtraToolSpec]) -> list[str]:
    name = extra_tool_name(server.name, tool.name)
    entry = offered.get(name)
    what = tool.description.strip().splitlines()[0] if tool.description.strip() else ""
    return [name, entry.class_word if entry is not None else "-", what[:100]]


def _server_data(server: McpServerSpec, hub: McpHub, tools: list[RemoteTool]) -> dict[str, object]:
    state = hub.states().get(server.name)
    return {"name": server.name, "origin": server.origin, "state": state.state if state else "not started",
            "tools": [extra_tool_name(server.name, tool.name) for tool in tools]}
