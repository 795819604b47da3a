"""Shell: one command line run in /workspace to its end (or its timeout), its output and exit code."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

DEFAULT_MAX_OUTPUT_BYTES = 30_000


class ShellError(Exception):
    """The command could not be started at all (no shell, the workspace folder gone); the message says why."""


@dataclass(frozen=True)
class ShellResult:
    """How a command ended.

    `output` is stdout and stderr interleaved as the command wrote them; when it was longer than the
    caller's cap, its head and tail are kept and `omitted_bytes` says how much of the middle was left out.
    `exit_code` is None when the command was stopped at its timeout (`timed_out`); `seconds` is how long it
    ran."""

    command: str
    exit_code: int | None
    output: str
    omitted_bytes: int = 0
    timed_out: bool = False
    seconds: float = 0.0


class Shell(Protocol):
    """Runs `bash --noprofile --norc -c command` with the workspace root as its working folder and no stdin.

    Failure contract: a command that fails, crashes or times out is a ShellResult, never an exception;
    only a command that cannot be started raises ShellError. At the timeout (and when the caller is
    cancelled) the command and everything it started are stopped; whatever it left running in the
    background when it ended is stopped too (long work belongs to ShellJobs)."""

    async def run(self, command: str, timeout: float, max_output_bytes: int = DEFAULT_MAX_OUTPUT_BYTES) -> ShellResult:
        ...
