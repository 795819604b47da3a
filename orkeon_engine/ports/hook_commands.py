"""HookCommands: a hook's command line run to its end or its timeout, the event's JSON on its stdin."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.extensions.hooks import HookRun


class HookCommands(Protocol):
    """Runs `bash -c command` in the workspace root with `stdin` as its input.

    Failure contract: never raises. A command that fails is a HookRun with its exit code; one still running
    at `timeout` seconds is stopped with everything it started and comes back `timed_out` (no exit code);
    one that cannot be started comes back with `error` saying why. Its output is masked of secrets."""

    async def run(self, command: str, stdin: str, timeout: float) -> HookRun: ...
