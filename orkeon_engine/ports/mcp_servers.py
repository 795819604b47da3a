"""McpServers: the MCP servers the engine runs over stdio, each started on its first need and stopped with
the engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteResult, RemoteTool, ServerState


class McpServerError(Exception):
    """A server that cannot be used: it did not start (no such command, it exited, it did not answer
    in time), it stopped, or it broke the protocol. The message names the server and says why, with the
    last lines the server wrote on its error stream when there are some."""

    def __init__(self, server: str, reason: str) -> None:
        super().__init__(f"the MCP server {server} {reason}")
        self.server = server
        self.reason = reason


class McpServers(Protocol):
    """Starts, asks and stops servers by their declaration.

    Failure contract: `tools` and `call` start the server when it is not running (or when its declaration
    changed since it was started) and raise McpServerError when it cannot be used; a tool that fails is
    not an error of the port but a RemoteResult with is_error set. `states` and `close` never raise;
    `close` stops every server and waits a bounded time for each."""

    async def tools(self, server: McpServerSpec) -> list[RemoteTool]:
        """The tools the server registers (it is started first when needed)."""
        ...

    async def call(self, server: McpServerSpec, tool: str, arguments: Mapping[str, Any]) -> RemoteResult:
        """Call one tool of the server with its arguments."""
        ...

    def states(self) -> dict[str, ServerState]:
        """The servers started so far, by name; a server never started is absent."""
        ...

    def close(self) -> None: ...
