"""ProjectChecks: the project's own build and test commands, run by code (never typed by a model), each
run's outcome with the tail of its output. The dev pipeline's RED/GREEN check, its audit capture, the
`run_tests`/`run_build` tools and /verify read the project's checks through this one port."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

CheckKind = Literal["build", "tests", "suite"]
"""`build`: the project's build (or its type check when it names no build); `tests`: the project's test
command narrowed to the given test files; `suite`: the project's whole test command."""


@dataclass(frozen=True)
class CheckRun:
    """One run of a project check.

    `command` is the command line that ran (or would have run); `exit_code` is None when nothing ran, and
    then `reason` says why (the project names no such command, the targets are outside the workspace, the
    run was refused or timed out). `tail` holds the last lines of its output, `total_lines` how many there
    were in all; `log` is the path of the full output when one was kept."""

    kind: CheckKind
    command: str
    exit_code: int | None
    tail: tuple[str, ...] = ()
    total_lines: int = 0
    log: str = ""
    reason: str = ""
    elapsed: float = 0.0

    @property
    def ran(self) -> bool:
        return self.exit_code is not None

    @property
    def passed(self) -> bool:
        return self.exit_code == 0


class ProjectChecks(Protocol):
    """The project's checks under one working root (the workspace, or a batch's worktree).

    Failure contract: never raises for a check that fails or cannot run: a failing check is a CheckRun
    with its exit code, one that cannot run is a CheckRun with `exit_code=None` and its `reason`."""

    async def run(self, kind: CheckKind, targets: Sequence[str] = ()) -> CheckRun:
        """Run one check; `targets` (workspace-relative test files) narrow `tests` and are ignored by the
        other kinds."""
        ...

    def command_for(self, kind: CheckKind, targets: Sequence[str] = ()) -> str:
        """The command line `run` would run, or "" when the project names none for that kind."""
        ...
