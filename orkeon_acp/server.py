"""The Orkeon ACP agent: `initialize`, `session/new`, `session/load`, `session/set_mode`, `session/prompt`
and `session/cancel`, each a thin call into the session's engine; and `serve`, which speaks ACP over stdio.

On stdio nothing but the protocol reaches the real stdout (orkeon_engine.edge_io.protect_stdout): a print,
a library's banner or a child process writing to its stdout lands in the log instead.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import acp
from acp import RequestError
from acp.interfaces import Agent, Client
from acp.schema import (
    AgentCapabilities,
    ClientCapabilities,
    Implementation,
    InitializeResponse,
    LoadSessionResponse,
    NewSessionResponse,
    PromptCapabilities,
    PromptResponse,
    SessionMode,
    SessionModeState,
    SetSessionModeResponse,
)

from orkeon_acp.client import ClientSupport, describe_client
from orkeon_acp.prompt import Block, prompt_text
from orkeon_acp.session import AcpSession, PromptBusyError
from orkeon_acp.stdio import protocol_streams
from orkeon_engine import __version__
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES, PermissionMode
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.edge_io import protect_stdout, stop_commands_on_signals
from orkeon_engine.engine import Ok

USAGE = """usage: orkeon-acp

  orkeon-acp    serve the Agent Client Protocol on stdin/stdout (what an ACP client such as Zed starts)

Settings come from the workspace's .orkeon/config.json and the environment (ORKEON_MODEL, ORKEON_API_BASE);
ORKEON_ACP_LOG=DEBUG|INFO|WARNING sets how much goes to stderr. See docs/acp.md.
"""
INVALID_PARAMS = -32602
log = logging.getLogger("orkeon_acp")


class OrkeonAgent:
    """The ACP Agent: one AcpSession (one engine) per session of the connection."""

    def __init__(self) -> None:
        self._conn: Client | None = None
        self._support = ClientSupport()
        self._client = describe_client(self._support, None)
        self.sessions: dict[str, AcpSession] = {}

    def on_connect(self, conn: Client) -> None:
        self._conn = conn

    async def initialize(self, protocol_version: int, client_capabilities: ClientCapabilities | None = None,
                         client_info: Implementation | None = None, **kwargs: Any) -> InitializeResponse:
        self._support = ClientSupport.from_capabilities(client_capabilities)
        self._client = describe_client(self._support, client_info)
        return InitializeResponse(
            protocol_version=min(protocol_version, acp.PROTOCOL_VERSION),
            agent_capabilities=AgentCapabilities(load_session=True,
                                                 prompt_capabilities=PromptCapabilities(embedded_context=True)),
            auth_methods=[],
            agent_info=Implementation(name="orkeon", title="Orkeon", version=__version__),
        )

    async def new_session(self, cwd: str, mcp_servers: list[Any] | None = None, **kwargs: Any) -> NewSessionResponse:
        session = self._session(cwd, mcp_servers)
        await session.open(_folder(cwd))
        self.sessions[session.id] = session
        session.announce_soon()
        return NewSessionResponse(session_id=session.id, modes=await _modes(session))

    async def load_session(self, cwd: str, session_id: str, mcp_servers: list[Any] | None = None,
                           **kwargs: Any) -> LoadSessionResponse:
        session = self._session(cwd, mcp_servers)
        try:
            await session.open(_folder(cwd), resume=session_id)
        except LookupError:
            raise RequestError(INVALID_PARAMS, f"no Orkeon session {session_id!r} is stored for {cwd}",
                               {"sessionId": session_id}) from None
        previous = self.sessions.pop(session_id, None)
        if previous is not None:
            await previous.close()
        self.sessions[session.id] = session
        await session.replay()
        session.announce_soon()
        return LoadSessionResponse(modes=await _modes(session))

    async def set_session_mode(self, mode_id: str, session_id: str, **kwargs: Any) -> SetSessionModeResponse:
        result = await self._find(session_id).set_mode(mode_id)
        if not isinstance(result, Ok):
            raise RequestError(INVALID_PARAMS, result.render(), {"modeId": mode_id})
        return SetSessionModeResponse()

    async def prompt(self, prompt: list[Block], session_id: str, **kwargs: Any) -> PromptResponse:
        session = self._find(session_id)
        try:
            stop = await session.prompt(prompt_text(prompt, session.root))
        except PromptBusyError as error:
            raise RequestError(-32600, str(error), {"sessionId": session_id}) from None
        return PromptResponse(stop_reason=stop)

    async def cancel(self, session_id: str, **kwargs: Any) -> None:
        session = self.sessions.get(session_id)
        if session is not None:
            session.cancel()

    async def close(self) -> None:
        """Stop every prompt and close every engine (the client went away)."""
        for session in list(self.sessions.values()):
            await session.close()
        self.sessions.clear()

    def _session(self, cwd: str, mcp_servers: list[Any] | None) -> AcpSession:
        if self._conn is None:
            raise RequestError(-32603, "the agent has no connection yet")
        if mcp_servers:
            log.info("the client offered %d MCP server(s); Orkeon does not connect to a client's MCP servers",
                     len(mcp_servers))
        return AcpSession(self._conn, self._support, self._client)

    def _find(self, session_id: str) -> AcpSession:
        session = self.sessions.get(session_id)
        if session is None:
            raise RequestError(INVALID_PARAMS, f"no session {session_id!r} is open: start one with session/new",
                               {"sessionId": session_id})
        return session


def _folder(cwd: str) -> Path:
    """The session's folder: an absolute path to an existing folder, else InvalidParams saying so."""
    path = Path(cwd)
    if not path.is_absolute() or not path.is_dir():
        raise RequestError(INVALID_PARAMS, f"cwd must be the absolute path of an existing folder, not {cwd!r}",
                           {"cwd": cwd})
    return path


async def _modes(session: AcpSession) -> SessionModeState:
    """The five permission modes, and the one the session's next turn takes."""
    modes = [SessionMode(id=mode, name=mode, description=_mode_description(mode)) for mode in PERMISSION_MODES]
    return SessionModeState(current_mode_id=await session.engine.permission_mode(), available_modes=modes)


def _mode_description(mode: PermissionMode) -> str:
    policy = policy_for(mode)
    return f"{'read-only' if policy.read_only else 'can change the project'}; tools: {policy.classes_text()}"


def serve(argv: Sequence[str]) -> int:
    """Run the agent until the client closes stdin; 0, or 2 on bad arguments."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    if any(arg in ("-h", "--help") for arg in argv):
        sys.stderr.write(USAGE)  # stdout belongs to the protocol, even for --help
        return 0
    if argv:
        sys.stderr.write(f"orkeon-acp: unexpected arguments: {' '.join(argv)}\n{USAGE}")
        return 2
    level = os.environ.get("ORKEON_ACP_LOG", "").upper()
    logging.basicConfig(stream=sys.stderr, level=level if level in ("DEBUG", "INFO", "ERROR") else "WARNING")
    protocol_out = protect_stdout()
    stop_commands_on_signals()
    asyncio.run(_serve(protocol_out))
    return 0


async def _serve(protocol_out: Any) -> None:
    agent = OrkeonAgent()
    reader, writer = await protocol_streams(protocol_out)
    try:
        # the SDK routes only the methods an agent has; the others answer "method not found"
        await acp.run_agent(cast(Agent, agent), writer, reader)
    finally:
        await agent.close()

