"""SubprocessShell: the Shell port over `/bin/sh -c`, in its own process group so a timeout stops it all."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from collections.abc import Mapping
from pathlib import Path

from orkeon_engine.ports.shell import DEFAULT_MAX_OUTPUT_BYTES, ShellError, ShellResult

SHELL = "/bin/sh"
QUIET_ENVIRONMENT = {"PAGER": "cat", "GIT_PAGER": "cat", "GIT_TERMINAL_PROMPT": "0"}
DRAIN_GRACE_SECONDS = 2.0
CHUNK_BYTES = 65536


def command_environment(env: Mapping[str, str] | None) -> dict[str, str]:
    """The environment a command runs in: the engine's, with pagers and git's prompts turned off."""
    return {**(os.environ if env is None else env), **QUIET_ENVIRONMENT}


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


class SubprocessShell:
    """Runs each command in the workspace root with the engine's environment."""

    def __init__(self, root: Path, env: Mapping[str, str] | None = None) -> None:
        self._root = root
        self._env = command_environment(env)

    async def run(self, command: str, timeout: float, max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES) -> ShellResult:
        try:
            process = await asyncio.create_subprocess_exec(
                SHELL, "-c", command,
                cwd=self._root,
                env=self._env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,
            )
        except OSError as error:
            raise ShellError(f"cannot start {SHELL} in {self._root}: {error.strerror or error}") from None
        output = CappedOutput(max_output_bytes)
        assert process.stdout is not None
        reader = asyncio.create_task(_drain(process.stdout, output))
        timed_out = False
        try:
            try:
                await asyncio.wait_for(process.wait(), timeout)
            except TimeoutError:
                timed_out = True
        finally:
            _stop_group(process.pid)
            if process.returncode is None:
                await process.wait()
            try:
                await asyncio.wait_for(reader, DRAIN_GRACE_SECONDS)
            except TimeoutError:
                reader.cancel()
        exit_code = None if timed_out else process.returncode
        return ShellResult(command, exit_code, output.text(), output.omitted, timed_out)


async def _drain(stream: asyncio.StreamReader, output: CappedOutput) -> None:
    while chunk := await stream.read(CHUNK_BYTES):
        output.add(chunk)


def _stop_group(pid: int) -> None:
    """Kill the command's process group: the shell, what it runs, and what it left in the background."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)
