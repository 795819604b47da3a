"""FakeMcpServers: servers whose tools and answers the test sets; every call is kept."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteResult, RemoteTool, ServerState
from orkeon_engine.ports.mcp_servers import McpServerError


@dataclass
class FakeMcpServers:
    """`tools_by_server[name]` lists a server's tools; `answers[(server, tool)]` is the result of a call (an
    echo of the arguments when unset), or `answers_by_arguments[(server, tool, json of the arguments)]` for a
    call whose answer depends on them; `failing[name]` makes a server fail to start with that reason."""

    tools_by_server: dict[str, list[RemoteTool]] = field(default_factory=dict)
    answers: dict[tuple[str, str], RemoteResult] = field(default_factory=dict)
    answers_by_arguments: dict[tuple[str, str, str], RemoteResult] = field(default_factory=dict)
    failing: dict[str, str] = field(default_factory=dict)
    started: list[McpServerSpec] = field(default_factory=list)
    calls: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    closed: bool = False

    async def tools(self, server: McpServerSpec) -> list[RemoteTool]:
        self._start(server)
        return list(self.tools_by_server.get(server.name, []))

    async def call(self, server: McpServerSpec, tool: str, arguments: Mapping[str, Any]) -> RemoteResult:
        self._start(server)
        self.calls.append((server.name, tool, dict(arguments)))
        exact = self.answers_by_arguments.get((server.name, tool, json.dumps(dict(arguments), sort_keys=True)))
        if exact is not None:
            return exact
        return self.answers.get((server.name, tool), RemoteResult(f"{tool} {dict(arguments)}"))

    def states(self) -> dict[str, ServerState]:
        return {spec.name: ServerState(spec.name, "failed" if spec.name in self.failing else "running",
                                       self.failing.get(spec.name, "")) for spec in self.started}

    def close(self) -> None:
        self.closed = True

    def _start(self, server: McpServerSpec) -> None:
        if server not in self.started:
            self.started.append(server)
        if server.name in self.failing:
            raise McpServerError(server.name, f"could not start: {self.failing[server.name]}")
