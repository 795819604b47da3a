"""SubprocessShell: the Shell port over `bash --noprofile --norc -c`, in its own process group so a timeout
stops it all.

Every command runs under one named shell, bash, the shell whose grammar the permission gate reads the line
with (adapters/tree_sitter_bash_grammar.py): /bin/sh is dash on many systems, which reads `ls &>/dev/null x`
as two commands where bash reads one. No profile and no rc file is read, so nothing of the machine's shell
set-up changes what the line does.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Awaitable, Mapping, Sequence
from pathlib import Path

from orkeon_engine.adapters import process_groups
from orkeon_engine.domain.secrets.secret_masking import mask_secrets
from orkeon_engine.domain.secrets.shell_environment import command_environment
from orkeon_engine.ports.shell import DEFAULT_MAX_OUTPUT_BYTES, ShellError, ShellResult

BASH_OPTIONS = ("--noprofile", "--norc")
QUIET_ENVIRONMENT = {"PAGER": "cat", "GIT_PAGER": "cat", "GIT_TERMINAL_PROMPT": "0", "PYTHONDONTWRITEBYTECODE": "1"}
"""Set for every command: no pager or git prompt waits on a terminal nobody reads; and no Python bytecode is
written. Python takes a cached `.pyc` as current when its source has the same size and the same mtime in whole
seconds, so a check run between two edits of one size made in one second (`a * b`, then `a + b`: a fast model,
or a candidate tried after another) would run the first edit's bytecode and fail the second. A command that
writes none can leave none stale; the project's own earlier `.pyc` files, older than any edit, stay valid."""
DRAIN_GRACE_SECONDS = 2.0


def bash_path() -> str:
    """Where bash is: the one on the engine's PATH, else /bin/bash (its start then fails with that name)."""
    return shutil.which("bash") or "/bin/bash"


def bash_command(command: str, bash: str | None = None) -> list[str]:
    """The argument list that runs `command` under bash, without profile or rc file."""
    return [bash or bash_path(), *BASH_OPTIONS, "-c", command]


def terminal_command(command: str, env: Mapping[str, str] | None = None) -> tuple[str, list[str]]:
    """The program and arguments a front end's own terminal (an ACP editor's) runs for `command`, so it runs
    as this shell runs it: `env -i` with the scrubbed, quiet environment, then bash without profile or rc."""
    variables = quiet_environment(env)
    program = shutil.which("env") or "/usr/bin/env"
    return program, ["-i", *(f"{name}={value}" for name, value in sorted(variables.items())), *bash_command(command)]


def quiet_environment(env: Mapping[str, str] | None) -> dict[str, str]:
    """The environment a command runs in: the one given (the scrubbed environment of
    domain/secrets/shell_environment.py; its default set when none is), with pagers and git's prompts turned off."""
    given = command_environment(os.environ).variables if env is None else env
    return {**given, **QUIET_ENVIRONMENT}


class CappedOutput:
    """The bytes a command wrote, keeping its head and its tail within a cap."""

    def __init__(self, max_bytes: int) -> None:
        self._head_limit = max(max_bytes // 2, 0)
        self._tail_limit = max(max_bytes - self._head_limit, 0)
        self._head = bytearray()
        self._tail = bytearray()
        self.total = 0

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self._head_limit - len(self._head)
        if room > 0:
            self._head += chunk[:room]
            chunk = chunk[room:]
        if chunk and self._tail_limit:
            self._tail += chunk
            if len(self._tail) > self._tail_limit:
                del self._tail[: len(self._tail) - self._tail_limit]

    @property
    def omitted(self) -> int:
        return self.total - len(self._head) - len(self._tail)

    def text(self) -> str:
        head = self._head.decode("utf-8", errors="replace")
        tail = self._tail.decode("utf-8", errors="replace")
        if not self.omitted:
            return head + tail
        return f"{head}\n[... {self.omitted:,} bytes left out ...]\n{tail}"


class _Collector(asyncio.SubprocessProtocol):
    """Feeds the command's output to a CappedOutput; marks when the shell exits and when its pipe closes.

    The exit is seen as it happens, not when the pipe closes (what Process.wait does on Python 3.11), so a
    leftover background process holding the pipe cannot stretch the wait to the timeout."""

    def __init__(self, output: CappedOutput) -> None:
        loop = asyncio.get_running_loop()
        self.output = output
        self.exited: asyncio.Future[None] = loop.create_future()
        self.drained: asyncio.Future[None] = loop.create_future()

    def pipe_data_received(self, fd: int, data: bytes | str) -> None:
        self.output.add(data.encode() if isinstance(data, str) else data)

    def pipe_connection_lost(self, fd: int, exc: Exception | None) -> None:
        if not self.drained.done():
            self.drained.set_result(None)

    def process_exited(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)


class SubprocessShell:
    """Runs each command in the workspace root with the environment it is given (scrubbed of every
    credential by the caller); what a command prints is masked of the secret values of the environments
    in `mask_from` (the engine's own, which holds the keys), of URL passwords and of key-shaped words."""

    def __init__(self, root: Path, env: Mapping[str, str] | None = None,
                 mask_from: Sequence[Mapping[str, str]] = ()) -> None:
        self._root = root
        self._env = quiet_environment(env)
        self._mask_from = [self._env, os.environ, *mask_from]
        self._bash = bash_path()

    async def run(self, command: str, timeout: float, max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES) -> ShellResult:
        output = CappedOutput(max_output_bytes)
        loop = asyncio.get_running_loop()
        began = time.monotonic()
        try:
            transport, collector = await _started(loop.subprocess_exec(
                lambda: _Collector(output),
                *bash_command(command, self._bash),
                cwd=self._root,
                env=self._env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            ))
        except OSError as error:
            raise ShellError(f"cannot start {self._bash} in {self._root}: {error.strerror or error}") from None
        timed_out = False
        try:
            try:
                await asyncio.wait_for(asyncio.shield(collector.exited), timeout)
            except TimeoutError:
                timed_out = True
        finally:
            _stop_group(transport.get_pid())
            process_groups.ended(transport.get_pid())
            await collector.exited
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(collector.drained), DRAIN_GRACE_SECONDS)
            transport.close()
        exit_code = None if timed_out else transport.get_returncode()
        # a secret the command found elsewhere (a file, its own environment) is masked before anyone reads it
        return ShellResult(command, exit_code, mask_secrets(output.text(), self._mask_from), output.omitted, timed_out,
                           time.monotonic() - began)


async def _started(start: Awaitable[tuple[asyncio.SubprocessTransport, _Collector]],
                   ) -> tuple[asyncio.SubprocessTransport, _Collector]:
    """The command started and its process group recorded (adapters/process_groups.py), whatever lands while
    it starts: a stop signal waits for the record (`spawning`); a cancel (Ctrl-C in the terminal) waits for
    the start to finish, then kills the whole group, not only the shell as asyncio would, before it goes on.
    A stop signal acted on as `spawning` ends raises SystemExit here: the transport is closed first, while the
    loop still runs (left to the garbage collector, it would print a traceback as the process ends)."""
    starting = asyncio.ensure_future(start)
    started: asyncio.SubprocessTransport | None = None
    try:
        with process_groups.spawning():
            try:
                transport, collector = await asyncio.shield(starting)
            except asyncio.CancelledError:
                with contextlib.suppress(OSError):
                    transport, _ = await starting
                    _stop_group(transport.get_pid())
                    transport.close()
                raise
            started = transport
            process_groups.started(transport.get_pid())
            return transport, collector  # leaving `spawning` may act on a deferred stop signal
    except SystemExit:
        if started is not None:
            started.close()
        raise


def _stop_group(pid: int) -> None:
    """Kill the command's process group: the shell, what it runs, and what it left in the background."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
