"""ShellProjectChecks: the ProjectChecks port over the Shell of one working root (the workspace, or a
batch's worktree): each check runs the command the project's configuration states for it
(domain/checks/check_commands.py), bounded in time, and keeps the tail of its output.

`open_project_checks` reads the zones of the project under the Files port once; the checks then run the
same commands until the project's configuration changes (open them again)."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.domain.checks.check_commands import check_command
from orkeon_engine.domain.checks.project_tooling import Zone
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.project_checks import CheckKind, CheckRun
from orkeon_engine.ports.shell import Shell, ShellError
from orkeon_engine.services.project_files import project_zones

DEFAULT_CHECK_SECONDS = 900.0
"""How long one check may run before it is stopped (a suite that hangs is a failed check, not a hung step)."""
TAIL_LINES = 60
MAX_OUTPUT_BYTES = 200_000


class ShellProjectChecks:
    """The project's checks run through `shell` (bound to the working root the checks are for)."""

    def __init__(self, shell: Shell, zones: Sequence[Zone], clock: Clock,
                 seconds: float = DEFAULT_CHECK_SECONDS, tail_lines: int = TAIL_LINES) -> None:
        self._shell = shell
        self._zones = tuple(zones)
        self._clock = clock
        self._seconds = seconds
        self._tail_lines = tail_lines

    def command_for(self, kind: CheckKind, targets: Sequence[str] = ()) -> str:
        return check_command(self._zones, kind, targets).command

    async def run(self, kind: CheckKind, targets: Sequence[str] = ()) -> CheckRun:
        chosen = check_command(self._zones, kind, targets)
        if not chosen.command:
            return CheckRun(kind, "", None, reason=chosen.reason)
        started = self._clock.monotonic()
        try:
            result = await self._shell.run(chosen.command, self._seconds, MAX_OUTPUT_BYTES)
        except ShellError as error:
            return CheckRun(kind, chosen.command, None, reason=f"it could not start: {error}")
        elapsed = round(self._clock.monotonic() - started, 1)
        lines = result.output.rstrip("\n").split("\n") if result.output.strip() else []
        tail = tuple(lines[-self._tail_lines:])
        if result.timed_out or result.exit_code is None:
            return CheckRun(kind, chosen.command, None, tail, len(lines),
                            reason=f"it was stopped after {self._seconds:g} s", elapsed=elapsed)
        return CheckRun(kind, chosen.command, result.exit_code, tail, len(lines), elapsed=elapsed)


async def open_project_checks(files: Files, shell: Shell, clock: Clock,
                              seconds: float = DEFAULT_CHECK_SECONDS) -> ShellProjectChecks:
    """The checks of the project the Files port's /workspace holds, run through `shell`."""
    return ShellProjectChecks(shell, await project_zones(files), clock, seconds)
