"""FakeProjectChecks: the ProjectChecks port over plain fields: `commands` (the command line of each kind the
project names; `tests` gets its targets appended), `exit_codes` and `tails` (what each kind's run gives;
passing when unset), `reasons` (a kind whose run cannot run: exit code None with that reason); `runs`
records each run (kind, targets) in order."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.ports.project_checks import CheckKind, CheckRun


class FakeProjectChecks:
    def __init__(self, commands: dict[CheckKind, str] | None = None, exit_codes: dict[CheckKind, int] | None = None,
                 tails: dict[CheckKind, tuple[str, ...]] | None = None,
                 reasons: dict[CheckKind, str] | None = None) -> None:
        self.commands: dict[CheckKind, str] = dict(commands or {})
        self.exit_codes: dict[CheckKind, int] = dict(exit_codes or {})
        self.tails: dict[CheckKind, tuple[str, ...]] = dict(tails or {})
        self.reasons: dict[CheckKind, str] = dict(reasons or {})
        self.runs: list[tuple[CheckKind, tuple[str, ...]]] = []

    def command_for(self, kind: CheckKind, targets: Sequence[str] = ()) -> str:
        command = self.commands.get(kind, "")
        if command and kind == "tests" and targets:
            return " ".join([command, *targets])
        return command

    async def run(self, kind: CheckKind, targets: Sequence[str] = ()) -> CheckRun:
        self.runs.append((kind, tuple(targets)))
        command = self.command_for(kind, targets)
        if not command:
            return CheckRun(kind, "", None, reason=f"the project names no {kind} command")
        if kind in self.reasons:
            return CheckRun(kind, command, None, reason=self.reasons[kind])
        tail = self.tails.get(kind, ("1 passed",))
        return CheckRun(kind, command, self.exit_codes.get(kind, 0), tail, len(tail), elapsed=0.5)
