"""AcpTerminalShell: the Shell port of the model's shell_command over the client's terminal (terminal/create,
terminal/wait_for_exit, terminal/output, terminal/kill, terminal/release), so the person watches the
command run in the editor. The gate has decided the call before it gets here, as for the local shell.

The command runs as the engine's own shell runs it (`terminal_command`: `env -i` with the scrubbed
environment, pagers and git's prompts off, then `bash --noprofile --norc -c <line>`) in the workspace
root, so the gate's reading of the line holds and no credential of the editor's environment reaches it.
At the timeout, or when the turn is cancelled, the command is killed; the terminal is released in every
case. The client keeps the output's tail within the byte limit: a cut output says so. The output is masked
for the secrets of this process's environment as the local shell's is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Awaitable, Callable

from orkeon_acp.peer import SessionPeer
from orkeon_engine.domain.secrets.secret_masking import mask_secrets
from orkeon_engine.engine import ShellError, ShellResult, terminal_command

DEFAULT_MAX_OUTPUT_BYTES = 30_000
CUT_NOTE = "[the start of the output was left out by the editor's terminal]\n"
log = logging.getLogger("orkeon_acp")


class AcpTerminalShell:
    """Runs each command in a terminal of the client; `on_terminal` hears each terminal's id (the turn
    shows it in the call that runs)."""

    def __init__(self, peer: SessionPeer, root: str, on_terminal: Callable[[str], Awaitable[None]]) -> None:
        self._peer = peer
        self._root = root
        self._on_terminal = on_terminal

    async def run(self, command: str, timeout: float, max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES) -> ShellResult:
        conn, session = self._peer.conn, self._peer.session_id
        program, args = terminal_command(command)
        try:
            created = await conn.create_terminal(session_id=session, command=program, args=args, cwd=self._root,
                                                 output_byte_limit=max_output_bytes)
        except Exception as error:  # the client could not start it: the tool reports why
            raise ShellError(f"the editor's terminal could not start bash: {error}") from None
        terminal = created.terminal_id
        await self._on_terminal(terminal)
        try:
            return await self._finish(command, terminal, timeout)
        except BaseException:  # cancelled, or the client failed mid-way: stop the command
            await _quietly(conn.kill_terminal(session_id=session, terminal_id=terminal))
            raise
        finally:
            await _quietly(conn.release_terminal(session_id=session, terminal_id=terminal))

    async def _finish(self, command: str, terminal: str, timeout: float) -> ShellResult:
        conn, session = self._peer.conn, self._peer.session_id
        try:
            try:
                ended = await asyncio.wait_for(conn.wait_for_terminal_exit(session_id=session, terminal_id=terminal),
                                               timeout)
            except TimeoutError:
                await conn.kill_terminal(session_id=session, terminal_id=terminal)
                output = await conn.terminal_output(session_id=session, terminal_id=terminal)
                return ShellResult(command, None, self._text(output.output, output.truncated), timed_out=True)
            output = await conn.terminal_output(session_id=session, terminal_id=terminal)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            raise ShellError(f"the editor's terminal failed while running the command: {error}") from None
        text = self._text(output.output, output.truncated)
        if ended.exit_code is None and ended.signal:
            return ShellResult(command, 128, f"{text}\n[ended by signal {ended.signal}]".lstrip("\n"))
        return ShellResult(command, ended.exit_code if ended.exit_code is not None else 0, text)

    def _text(self, output: str, truncated: bool) -> str:
        text = mask_secrets(output, [os.environ])
        return CUT_NOTE + text if truncated else text


async def _quietly(call: Awaitable[object]) -> None:
    """Send a clean-up request, shielded from the cancel that may have caused it; its failure is logged."""
    with contextlib.suppress(Exception):
        try:
            await asyncio.shield(call)
        except asyncio.CancelledError:
            log.debug("a terminal clean-up was cut short")
