"""StdioMcpServers: the McpServers port over the `mcp` SDK's stdio client; the only engine code that
imports `mcp`.

Each server is a child process started in the workspace root, with the SDK's short list of inherited
variables (HOME, PATH, SHELL, TERM, USER, LOGNAME) and the variables its declaration gives: the engine's
keys never reach it unless the declaration names them. What it writes on its error stream goes to a
temporary file, whose last lines explain a failure.

The SDK's sessions run on an event loop of their own, in a daemon thread started on the first need: a
session is a stack of context managers that must be entered and left by one task, and the engine closes
synchronously (`close`), from any thread, possibly while its own loop is gone. The engine's coroutines
hand their work to that loop and await the answer; a cancelled caller cancels its work there too. `mcp`
is imported in that thread on the first need, never at the engine's start.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import os
import tempfile
import threading
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from orkeon_engine.adapters import temp_paths
from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteResult, RemoteTool, ServerState
from orkeon_engine.ports.mcp_servers import McpServerError

T = TypeVar("T")
START_TIMEOUT = 30.0
CALL_TIMEOUT = 600.0
STOP_TIMEOUT = 6.0
ERROR_TAIL_LINES = 6


class StdioMcpServers:
    """The engine's MCP servers, by name; a server is started again when its declaration changes or
    after it failed."""

    def __init__(self, root: Path, start_timeout: float = START_TIMEOUT, call_timeout: float = CALL_TIMEOUT) -> None:
        self._root = root
        self._start_timeout = start_timeout
        self._call_timeout = call_timeout
        self._connections: dict[str, _Connection] = {}
        self._starting: dict[str, asyncio.Lock] = {}  # on the servers' loop: one start of a server at a time
        self._guard = threading.Lock()
        self._thread: _LoopThread | None = None
        self._closed = False

    async def tools(self, server: McpServerSpec) -> list[RemoteTool]:
        connection = await self._submit(server.name, self._ready(server))
        return list(connection.tools)

    async def call(self, server: McpServerSpec, tool: str, arguments: Mapping[str, Any]) -> RemoteResult:
        return await self._submit(server.name, self._call(server, tool, dict(arguments)))

    def states(self) -> dict[str, ServerState]:
        with self._guard:
            connections = list(self._connections.values())
        return {c.spec.name: ServerState(c.spec.name, c.state, c.detail) for c in connections}

    def close(self) -> None:
        with self._guard:
            self._closed = True
            thread, self._thread = self._thread, None
        if thread is not None:
            thread.stop(self._stop_all(), STOP_TIMEOUT * 2)

    async def _submit(self, name: str, work: Coroutine[Any, Any, T]) -> T:
        with self._guard:
            if self._closed:
                work.close()
                raise McpServerError(name, "cannot start: the engine is closing")
            if self._thread is None:
                self._thread = _LoopThread()
            thread = self._thread
        return await asyncio.wrap_future(thread.submit(work))

    # --- on the servers' own loop -------------------------------------------------------------------------

    async def _ready(self, spec: McpServerSpec) -> _Connection:
        async with self._starting.setdefault(spec.name, asyncio.Lock()):
            current = self._connections.get(spec.name)
            if current is not None and current.spec == spec and current.state == "running":
                return current
            if current is not None:
                await current.stop()
            connection = _Connection(spec, self._root)
            with self._guard:
                self._connections[spec.name] = connection
            await connection.start(self._start_timeout)
            return connection

    async def _call(self, spec: McpServerSpec, tool: str, arguments: dict[str, Any]) -> RemoteResult:
        connection = await self._ready(spec)
        return await connection.call(tool, arguments, self._call_timeout)

    async def _stop_all(self) -> None:
        with self._guard:
            connections = list(self._connections.values())
        await asyncio.gather(*(c.stop() for c in connections), return_exceptions=True)


@dataclass
class _Connection:
    """One server's session, held open by its own task until `stop`."""

    spec: McpServerSpec
    root: Path
    state: str = "starting"
    detail: str = ""
    tools: tuple[RemoteTool, ...] = ()
    session: Any = None
    task: asyncio.Task[None] | None = None
    stopping: asyncio.Event = field(default_factory=asyncio.Event)
    ready: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    errlog_path: str = ""

    async def start(self, timeout: float) -> None:
        self.task = asyncio.create_task(self._hold())
        try:
            await asyncio.wait_for(asyncio.shield(self.ready), timeout)
        except TimeoutError:
            self._fail(f"did not answer within {timeout:g} s")
            await self.stop()
            raise McpServerError(self.spec.name, self.detail) from None

    async def call(self, tool: str, arguments: dict[str, Any], timeout: float) -> RemoteResult:
        from mcp.shared.exceptions import MCPError
        from mcp_types import CONNECTION_CLOSED, REQUEST_TIMEOUT

        try:
            result = await self.session.call_tool(tool, arguments, read_timeout_seconds=timeout)
        except MCPError as error:
            if error.code == REQUEST_TIMEOUT:
                raise McpServerError(self.spec.name, f"did not answer {tool} within {timeout:g} s") from None
            if error.code == CONNECTION_CLOSED:
                raise self._broken(f"stopped while it ran {tool}: {error.message}") from None
            return RemoteResult(f"the server refused the call: {error.message}", is_error=True)
        except Exception as error:  # the connection broke under the call
            raise self._broken(f"stopped while it ran {tool}: {_describe(error)}") from None
        return RemoteResult(_result_text(result), bool(result.is_error))

    async def stop(self) -> None:
        self.stopping.set()
        if self.task is None:
            return
        if not self.ready.done():  # still starting: nothing to close politely
            self.task.cancel()
        with contextlib.suppress(TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.task), STOP_TIMEOUT)
        if not self.task.done():
            self.task.cancel()
            with contextlib.suppress(BaseException):
                await self.task
        with contextlib.suppress(OSError):
            if self.errlog_path:
                temp_paths.remove(self.errlog_path)

    async def _hold(self) -> None:
        from mcp import ClientSession, StdioServerParameters
        from mcp.client.stdio import stdio_client

        params = StdioServerParameters(command=self.spec.command, args=list(self.spec.args),
                                       env=dict(self.spec.env) or None, cwd=self.root)
        descriptor, self.errlog_path = tempfile.mkstemp(prefix=f"orkeon-mcp-{self.spec.name}-", suffix=".log")
        os.close(descriptor)
        temp_paths.made(self.errlog_path)  # gone with `stop`, or at exit when nothing stops the server
        try:
            with open(self.errlog_path, "a", encoding="utf-8") as errlog:
                async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
                    await session.initialize()
                    self.tools = tuple(await _list_tools(session))
                    self.session, self.state = session, "running"
                    self.ready.set_result(None)
                    await self.stopping.wait()
        except asyncio.CancelledError:
            self._fail("was stopped before it answered")
            raise
        except BaseException as error:  # what the SDK raises varies (OSError, ExceptionGroup, MCPError...)
            verb = "stopped" if self.ready.done() else "could not start"
            self._fail(f"{verb}: {_describe(error)}{self._error_tail()}")
        else:
            if self.state != "failed":
                self.state, self.detail = "stopped", ""
        finally:
            self.session = None
            if not self.ready.done():
                self.ready.set_exception(McpServerError(self.spec.name, self.detail or "stopped"))
                self.ready.exception()  # retrieved here, so an unawaited failure is not reported as lost

    def _broken(self, reason: str) -> McpServerError:
        self._fail(reason + self._error_tail())
        self.stopping.set()
        return McpServerError(self.spec.name, self.detail)

    def _fail(self, detail: str) -> None:
        if self.state != "failed":
            self.state, self.detail = "failed", detail

    def _error_tail(self) -> str:
        try:
            lines = Path(self.errlog_path).read_text(encoding="utf-8", errors="replace").strip().splitlines()
        except OSError:
            return ""
        tail = [line.rstrip() for line in lines[-ERROR_TAIL_LINES:] if line.strip()]
        return "; its error output ends with:\n  " + "\n  ".join(tail) if tail else ""


async def _list_tools(session: Any) -> list[RemoteTool]:
    from mcp_types import PaginatedRequestParams

    tools: list[RemoteTool] = []
    cursor: str | None = None
    while True:
        params = PaginatedRequestParams(cursor=cursor) if cursor else None
        listing = await session.list_tools(params=params)
        tools += [RemoteTool(t.name, t.description or "", dict(t.input_schema or {})) for t in listing.tools]
        cursor = listing.next_cursor
        if not cursor:
            return tools


def _result_text(result: Any) -> str:
    parts: list[str] = []
    for block in result.content:
        kind = getattr(block, "type", "")
        if kind == "text":
            parts.append(block.text)
        elif kind in ("image", "audio"):
            parts.append(f"[{kind} {block.mime_type}, {len(block.data) * 3 // 4} bytes, not shown]")
        elif kind == "resource":
            parts.append(getattr(block.resource, "text", None) or f"[resource {block.resource.uri}]")
        elif kind == "resource_link":
            parts.append(f"[resource {block.uri}]")
    if not parts and result.structured_content is not None:
        import json

        parts.append(json.dumps(result.structured_content, ensure_ascii=False, default=str))
    return "\n".join(parts)


def _describe(error: BaseException) -> str:
    """The innermost reason of an error, task groups unwrapped: `command 'x' not found`, not a group."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    if isinstance(error, FileNotFoundError):
        return f"its command was not found ({error.filename or error})"
    if isinstance(error, OSError):
        return error.strerror or str(error)
    message = getattr(error, "message", None) or str(error)
    return message or type(error).__name__


class _LoopThread:
    """A daemon thread running an event loop for the servers' sessions."""

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="orkeon-mcp", daemon=True)
        self._thread.start()

    def submit(self, work: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(work, self._loop)

    def stop(self, last: Coroutine[Any, Any, None], timeout: float) -> None:
        """Run `last` (bounded by `timeout`), then stop the loop and the thread."""
        with contextlib.suppress(Exception):
            self.submit(last).result(timeout)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout)
        if not self._thread.is_alive():
            self._loop.close()
