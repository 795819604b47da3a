"""An extra tool: one tool of an MCP server, offered to the model as `mcp__<server>__<tool>`.

Its input is the JSON schema the server registered (the model reads it as it is; the server validates the
arguments), its class the one `tools.extra` gives it (`extra`, or `read`), and its call goes through the
McpServers port. The gate is shown the arguments; a server that cannot be reached, or a tool that fails,
is an error result the model reads, and a long answer is cut with a note.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, cast

from pydantic import BaseModel, ConfigDict

from orkeon_engine.domain.extensions.mcp import ExtraToolSpec, McpServerSpec, RemoteTool
from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.ports.mcp_servers import McpServerError, McpServers
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.shaping import cut_text

MAX_RESULT_CHARS = 60_000
MAX_DESCRIPTION_CHARS = 2_000
PREVIEW_CHARS = 1_500
EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}}


class McpArguments(BaseModel):
    """Whatever object the model sends: the server checks it against its own schema."""

    model_config = ConfigDict(extra="allow")


class McpTool(Tool[McpArguments]):
    """The class of every extra tool; `build_mcp_tool` makes one subclass per tool, named after it."""

    name: ClassVar[str] = "mcp"
    tool_class: ClassVar[ToolClass] = "extra"
    description: ClassVar[str] = "A tool of an MCP server."
    Input = McpArguments

    def __init__(self, servers: McpServers, server: McpServerSpec, remote: RemoteTool) -> None:
        self._servers = servers
        self.server = server
        self.remote = remote

    def spec(self) -> dict[str, Any]:
        schema = dict(self.remote.input_schema or EMPTY_SCHEMA)
        schema.setdefault("type", "object")
        return {"type": "function", "function": {"name": self.name, "description": self.description,
                                                 "parameters": schema}}

    def parse(self, arguments: dict[str, Any]) -> McpArguments:
        if not isinstance(arguments, dict):
            raise ValueError(f"{self.name} takes a JSON object of arguments")
        return McpArguments.model_validate(arguments)

    async def describe(self, args: McpArguments) -> ToolCall:
        arguments = args.model_dump()
        preview, _ = cut_text(json.dumps(arguments, indent=2, ensure_ascii=False, default=str), PREVIEW_CHARS,
                              "the rest of the arguments")
        return ToolCall(self.name, self.tool_class, arguments, preview=f"{self.server.name} server, arguments:\n"
                        f"{preview}")

    async def run(self, args: McpArguments) -> ToolResult:
        try:
            result = await self._servers.call(self.server, self.remote.name, args.model_dump())
        except McpServerError as error:
            return ToolResult(f"{error}; the tool could not run", is_error=True)
        text, cut = cut_text(result.text or "(no output)", MAX_RESULT_CHARS)
        return ToolResult(text, is_error=result.is_error, data={"cut": cut} if cut else {})


def build_mcp_tool(servers: McpServers, server: McpServerSpec, remote: RemoteTool, extra: ExtraToolSpec) -> McpTool:
    """The extra tool `extra.name` over `remote` of `server`, with the class `tools.extra` gave it."""
    said = " ".join(remote.description.split()) or f"The tool {remote.name}."
    description, _ = cut_text(said, MAX_DESCRIPTION_CHARS, "the rest of the description")
    attributes = {"name": extra.name, "tool_class": extra.tool_class,
                  "description": f"{description} (tool {remote.name} of the MCP server {server.name})"}
    tool_type = cast(type[McpTool], type(f"McpTool_{extra.name}", (McpTool,), attributes))
    return tool_type(servers, server, remote)
