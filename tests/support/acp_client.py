"""The client side of ACP for the tests: an editor played by the SDK's client connection, and `orkeon-acp`
started as its subprocess.

`EditorClient` is what an ACP editor does, recorded for the tests to read:

- every `session/update` in `updates` (`kinds()`, `agent_text()`, `of_kind(...)` read them);
- `session/request_permission` answered from `answers`, one a question: an option kind (`allow_once`,
  `allow_always`, `reject_once`, `reject_always`), None for `cancelled`, or HANG to never answer; each
  request is kept in `permission_requests`;
- `fs/read_text_file` from `buffers` (the editor's unsaved text by host path), else the disk; a file it
  knows neither way answers an error; `fs/write_text_file` into `buffers`, recorded in `writes` (the disk
  is left alone: the editor saves when the person says so);
- `terminal/*` as real subprocesses of the test, recorded in `terminals` (the command and its arguments);
- `elicitation/create` answered from `forms`, one a form: the fields filled (accepted), or None (declined);
  each request is kept in `form_requests` (its message and mode).

`CAPABLE` declares fs and terminal; `BARE` declares nothing. `agent(client, home, env)` starts the real
console script with that client over stdio (its stderr in `home/agent-stderr.log`) and yields the
client-side connection, already initialized. Issue 26's gate matrix drives the agent through the same
client: set `answers`, prompt, read `permission_requests` and the settings file.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from acp import PROTOCOL_VERSION, RequestError, spawn_agent_process, text_block
from acp.client.connection import ClientSideConnection
from acp.schema import (
    AcceptElicitationResponse,
    AllowedOutcome,
    ClientCapabilities,
    CreateTerminalResponse,
    DeclineElicitationResponse,
    DeniedOutcome,
    EnvVariable,
    FileSystemCapabilities,
    Implementation,
    KillTerminalResponse,
    PermissionOption,
    ReadTextFileResponse,
    ReleaseTerminalResponse,
    RequestPermissionResponse,
    TerminalOutputResponse,
    ToolCallUpdate,
    WaitForTerminalExitResponse,
    WriteTextFileResponse,
)

from tests.support.lsp_session import server_env

HANG = "hang"
CAPABLE = ClientCapabilities(fs=FileSystemCapabilities(read_text_file=True, write_text_file=True), terminal=True)
BARE = ClientCapabilities(fs=FileSystemCapabilities(read_text_file=False, write_text_file=False), terminal=False)


@dataclass
class PermissionRequest:
    """One session/request_permission as the editor received it."""

    session_id: str
    tool_call: ToolCallUpdate
    options: list[PermissionOption]

    def kinds(self) -> list[str]:
        return [option.kind for option in self.options]


@dataclass
class Terminal:
    """One terminal the agent asked for: its command line, and the process running it."""

    command: str
    args: list[str]
    cwd: str | None
    process: asyncio.subprocess.Process
    output: bytearray = field(default_factory=bytearray)
    reader: asyncio.Task[None] | None = None
    released: bool = False


class EditorClient:
    """An ACP editor for the tests (the module docstring)."""

    def __init__(self, answers: list[str | None] | None = None, buffers: dict[str, str] | None = None) -> None:
        self.conn: Any = None
        self.update_arrived = asyncio.Event()
        self.reset(answers, buffers)

    def reset(self, answers: list[str | None] | None = None, buffers: dict[str, str] | None = None) -> None:
        """Forget what was recorded; answer from `answers` and read `buffers` from now on."""
        self.answers: list[str | None] = list(answers or [])
        self.buffers: dict[str, str] = dict(buffers or {})
        self.updates: list[tuple[str, Any]] = []
        self.permission_requests: list[PermissionRequest] = []
        self.reads: list[str] = []
        self.writes: list[tuple[str, str]] = []
        self.terminals: dict[str, Terminal] = {}
        self.forms: list[dict[str, Any] | None] = []
        self.form_requests: list[tuple[str, Any]] = []

    # --- what the tests read -----------------------------------------------------------------------------

    def kinds(self, session_id: str | None = None) -> list[str]:
        return [update.session_update for sid, update in self.updates if session_id in (None, sid)]

    def of_kind(self, kind: str, session_id: str | None = None) -> list[Any]:
        return [update for sid, update in self.updates
                if update.session_update == kind and session_id in (None, sid)]

    def agent_text(self, session_id: str | None = None) -> str:
        return "".join(update.content.text for update in self.of_kind("agent_message_chunk", session_id))

    async def wait_for(self, kind: str, count: int = 1, timeout: float = 20.0) -> list[Any]:
        """The updates of that kind, once `count` of them have arrived."""
        async def arrived() -> list[Any]:
            while len(found := self.of_kind(kind)) < count:
                self.update_arrived.clear()
                await self.update_arrived.wait()
            return found

        return await asyncio.wait_for(arrived(), timeout)

    # --- the Client protocol -----------------------------------------------------------------------------

    def on_connect(self, conn: Any) -> None:
        self.conn = conn

    async def session_update(self, session_id: str, update: Any, **kwargs: Any) -> None:
        self.updates.append((session_id, update))
        self.update_arrived.set()

    async def request_permission(self, session_id: str, tool_call: ToolCallUpdate, options: list[PermissionOption],
                                 **kwargs: Any) -> RequestPermissionResponse:
        self.permission_requests.append(PermissionRequest(session_id, tool_call, options))
        answer = self.answers.pop(0) if self.answers else None
        if answer == HANG:
            await asyncio.Event().wait()
        chosen = next((option for option in options if option.kind == answer), None)
        if chosen is None:
            return RequestPermissionResponse(outcome=DeniedOutcome(outcome="cancelled"))
        return RequestPermissionResponse(outcome=AllowedOutcome(outcome="selected", option_id=chosen.option_id))

    async def create_elicitation(self, message: str, mode: Any, **kwargs: Any) -> Any:
        self.form_requests.append((message, mode))
        filled = self.forms.pop(0) if self.forms else None
        if filled is None:
            return DeclineElicitationResponse(action="decline")
        return AcceptElicitationResponse(action="accept", content=filled)

    async def read_text_file(self, session_id: str, path: str, line: int | None = None, limit: int | None = None,
                             **kwargs: Any) -> ReadTextFileResponse:
        self.reads.append(path)
        if path in self.buffers:
            return ReadTextFileResponse(content=self.buffers[path])
        try:
            return ReadTextFileResponse(content=Path(path).read_text(encoding="utf-8"))
        except OSError:
            raise RequestError.resource_not_found(path) from None

    async def write_text_file(self, session_id: str, path: str, content: str,
                              **kwargs: Any) -> WriteTextFileResponse:
        self.writes.append((path, content))
        self.buffers[path] = content
        return WriteTextFileResponse()

    async def create_terminal(self, session_id: str, command: str, args: list[str] | None = None,
                              env: list[EnvVariable] | None = None, cwd: str | None = None,
                              output_byte_limit: int | None = None, **kwargs: Any) -> CreateTerminalResponse:
        variables = {**os.environ, **{variable.name: variable.value for variable in env or []}}
        process = await asyncio.create_subprocess_exec(command, *(args or []), cwd=cwd, env=variables,
                                                       stdin=asyncio.subprocess.DEVNULL,
                                                       stdout=asyncio.subprocess.PIPE,
                                                       stderr=asyncio.subprocess.STDOUT, start_new_session=True)
        terminal = Terminal(command, list(args or []), cwd, process)
        terminal.reader = asyncio.ensure_future(_collect(process, terminal.output))
        terminal_id = f"term-{len(self.terminals) + 1}"
        self.terminals[terminal_id] = terminal
        return CreateTerminalResponse(terminal_id=terminal_id)

    async def terminal_output(self, session_id: str, terminal_id: str, **kwargs: Any) -> TerminalOutputResponse:
        terminal = self.terminals[terminal_id]
        if terminal.process.returncode is not None and terminal.reader is not None:
            await terminal.reader
        return TerminalOutputResponse(output=terminal.output.decode("utf-8", errors="replace"), truncated=False)

    async def wait_for_terminal_exit(self, session_id: str, terminal_id: str,
                                     **kwargs: Any) -> WaitForTerminalExitResponse:
        terminal = self.terminals[terminal_id]
        code = await terminal.process.wait()
        if terminal.reader is not None:
            await terminal.reader
        return WaitForTerminalExitResponse(exit_code=code if code >= 0 else None,
                                           signal=None if code >= 0 else f"signal {-code}")

    async def kill_terminal(self, session_id: str, terminal_id: str, **kwargs: Any) -> KillTerminalResponse:
        await _stop(self.terminals[terminal_id])
        return KillTerminalResponse()

    async def release_terminal(self, session_id: str, terminal_id: str, **kwargs: Any) -> ReleaseTerminalResponse:
        terminal = self.terminals[terminal_id]
        terminal.released = True
        await _stop(terminal)
        return ReleaseTerminalResponse()


async def _stop(terminal: Terminal) -> None:
    """Kill the terminal's process (and what it started) and wait until it and its output are done."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(terminal.process.pid, 9)
    await terminal.process.wait()
    if terminal.reader is not None:
        await terminal.reader


async def _collect(process: asyncio.subprocess.Process, output: bytearray) -> None:
    assert process.stdout is not None
    while chunk := await process.stdout.read(4096):
        output.extend(chunk)


def agent_command() -> list[str]:
    """The installed `orkeon-acp` console script beside this Python."""
    script = shutil.which("orkeon-acp", path=str(Path(sys.executable).parent))
    assert script is not None, "orkeon-acp is not installed in this environment (make setup)"
    return [script]


@asynccontextmanager
async def agent(client: EditorClient, home: Path, capabilities: ClientCapabilities = CAPABLE,
                **env: str) -> AsyncIterator[ClientSideConnection]:
    """`orkeon-acp` over stdio with `client` as its editor, initialized with `capabilities`."""
    command, *args = agent_command()
    stderr = (home / "agent-stderr.log").open("ab")
    try:
        async with spawn_agent_process(client, command, *args, env=server_env(home, **env), cwd=str(home),
                                       transport_kwargs={"stderr": stderr}) as (conn, _process):
            await conn.initialize(protocol_version=PROTOCOL_VERSION, client_capabilities=capabilities,
                                  client_info=Implementation(name="test-editor", version="1.0"))
            yield conn
    finally:
        stderr.close()


async def prompt(conn: ClientSideConnection, session_id: str, text: str, timeout: float = 60.0) -> str:
    """Send one text prompt; its stop reason."""
    response = await asyncio.wait_for(conn.prompt(session_id=session_id, prompt=[text_block(text)]), timeout)
    return response.stop_reason
