"""Running the project's checks in a turn of the assistant (domain/checks/turn_checks.py says which and how they
are worded): each run is a shell action put to the permission gate exactly as the model's shell_command
call would be (the same call, the same rules, the same question to the person, the same PreToolUse hooks,
then `shell.allow`), so a check runs only where an allow rule, the mode or the person lets that command
run. A refusal, nobody to answer included, is an unchecked outcome, never a pass.

`run_named_check` runs one check in the folder its Shell is bound to (the workspace, or a scratch copy of
it) and answers passed, failed with the failure trimmed to the project's frames, or unchecked with why.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

from orkeon_engine.domain.checks.check_failure import trim_failure
from orkeon_engine.domain.checks.project_tooling import MANIFESTS, ZONE_CONFIG, Zone, detect_zones, is_test_file
from orkeon_engine.domain.checks.turn_checks import (
    CheckOutcome,
    TurnCheck,
    choose_check,
    covering_tests,
    failure_input,
    is_fix_request,
    reproduce_input,
    request_targets,
    short_reason,
    worth_checking,
)
from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.model.act import ActResult
from orkeon_engine.domain.permissions.tools import EDIT_TOOLS
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.permission_gate import PermissionGate
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.shell import Shell, ShellError
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.project_files import list_project_files, read_named_texts
from orkeon_engine.tools.shell_command import describe_command, shell_allow_refusal

CHECK_SECONDS = 600.0
"""How long a check in the turn may run (shell_command's own longest timeout)."""
MAX_OUTPUT_BYTES = 200_000
MAX_TEST_TEXTS = 400
"""How many Python test files are read to find those importing a changed module."""
MAX_TEST_CHARS = 100_000
SHELL_CALL = "shell_command"
"""The tool name the gate sees for a check: rules such as shell_command(python -m pytest:*) decide it."""
PLAN_REASON = "plan mode runs nothing"


@dataclass(frozen=True)
class CheckRunner:
    """What a check runs over: the Shell bound to the folder it runs in and that folder's host path (its
    frames are the project's), the gate, the settings (`shell.allow`), the shell grammar, and the Files
    port that resolves the links a command line names, when there is one."""

    shell: Shell
    gate: PermissionGate
    config: ConfigStore
    grammar: ShellGrammar | None
    root: str = ""
    files: Files | None = None
    seconds: float = CHECK_SECONDS


async def run_named_check(check: TurnCheck, runner: CheckRunner) -> CheckOutcome:
    """Run `check` under the gate in the runner's folder: passed, failed (the failure trimmed), or unchecked
    (why it did not run). Never raises for a check that fails or cannot run."""
    if runner.gate.mode == "plan":
        return CheckOutcome(check, "unchecked", reason=PLAN_REASON)
    if runner.grammar is None:
        return CheckOutcome(check, "unchecked", reason="no shell grammar reads the command line")
    arguments = {"command": check.command, "timeout_seconds": int(runner.seconds)}
    call = dataclasses.replace(describe_command(SHELL_CALL, arguments, check.command, runner.grammar, runner.files),
                               call_id="turn_check")
    verdict = await runner.gate.authorize(call)
    if not verdict.allowed:
        return CheckOutcome(check, "unchecked", reason=short_reason(verdict.reason or "refused by the gate"))
    try:
        refusal = await shell_allow_refusal(runner.config, runner.grammar, check.command)
    except ConfigFileError as error:
        refusal = f"refused: {error}"
    if refusal is not None:
        return CheckOutcome(check, "unchecked", reason=short_reason(refusal))
    try:
        result = await runner.shell.run(check.command, runner.seconds, MAX_OUTPUT_BYTES)
    except ShellError as error:
        return CheckOutcome(check, "unchecked", reason=f"it could not start: {error}")
    if result.timed_out or result.exit_code is None:
        return CheckOutcome(check, "failed", None, trim_failure(result.output, runner.root),
                            reason=f"stopped after {runner.seconds:g} s", seconds=result.seconds)
    if result.exit_code == 0:
        return CheckOutcome(check, "passed", 0, seconds=result.seconds)
    return CheckOutcome(check, "failed", result.exit_code, trim_failure(result.output, runner.root),
                        seconds=result.seconds)


@dataclass(frozen=True)
class ProjectTests:
    """What choosing a check reads of the project: its zones, its files, and its Python test files' texts."""

    zones: tuple[Zone, ...] = ()
    files: tuple[str, ...] = ()
    test_texts: dict[str, str] = field(default_factory=dict)

    @property
    def test_files(self) -> tuple[str, ...]:
        return tuple(path for path in self.files if is_test_file(path))


async def read_project_tests(files: Files) -> ProjectTests:
    """The project's zones, files and Python test texts (the first MAX_TEST_TEXTS, each cut), through Files."""
    paths = await list_project_files(files)
    zones = detect_zones(paths, await read_named_texts(files, paths, (*MANIFESTS, *ZONE_CONFIG)))
    if not any(zone.commands for zone in zones):
        return ProjectTests(tuple(zones), tuple(paths))
    tests = [path for path in paths if path.endswith(".py") and is_test_file(path)][:MAX_TEST_TEXTS]
    texts = {path: text[:MAX_TEST_CHARS] for path, text in (await _texts(files, tests)).items()}
    return ProjectTests(tuple(zones), tuple(paths), texts)


async def _texts(files: Files, paths: Sequence[str]) -> dict[str, str]:
    return await read_named_texts(files, paths, {path.rpartition("/")[2] for path in paths})


async def read_verify(config: ConfigStore) -> str:
    """`assistant.verify` (auto or off); auto when the settings cannot be read (the gate refuses every call
    then anyway, so nothing runs)."""
    try:
        return str(await config.get("assistant.verify", "auto"))
    except ConfigFileError:
        return "auto"


Again = Callable[[ActResult, str], Awaitable[ActResult | None]]
"""Sends the model its next input in the same turn (the turn so far, the input): the turn with that input's
round added, or None when the turn's budget has nothing left for a round."""


class TurnChecks:
    """The checks of one turn: the one its request points at, run before the model's first step when it asks
    for a fix (`reproduce`), and the narrowest one covering its edits, run after them until it passes, the
    model's rounds change nothing more, or the budget ends (`after_edits`)."""

    def __init__(self, runner: CheckRunner, files: Files, progress: Progress | None = None) -> None:
        self.runner = runner
        self._files = files
        self._progress = progress
        self._project: ProjectTests | None = None
        self.reproduced: CheckOutcome | None = None

    async def reproduce(self, request: str) -> str:
        """The check a fix request points at, run before any change: what the model's first input says of it
        ("" when the request asks no fix, the project has no check, or the check did not run)."""
        if not is_fix_request(request):
            return ""
        project = await self._read_project()
        check = choose_check(project.zones, request_targets(request, project.files, project.test_texts))
        if check is None:
            return ""
        self.reproduced = await self._run(check)
        return "" if self.reproduced.status == "unchecked" else reproduce_input(self.reproduced)

    async def after_edits(self, act: ActResult, changed: Sequence[str], again: Again) -> tuple[ActResult,
                                                                                               CheckOutcome | None]:
        """The turn after its edits are checked: each failure sent back to the model (`again`), the last
        outcome beside it (None when there is no check to run for what changed)."""
        if not worth_checking(changed):
            return act, None
        check = await self._check_for(changed)
        if check is None:
            return act, None
        while True:
            outcome = await self._run(check)
            if not outcome.failed:
                return act, outcome
            more = await again(act, failure_input(outcome))
            if more is None:
                return act, outcome
            edited = any(call.name in EDIT_TOOLS and not call.result.is_error for call in more.calls[len(act.calls):])
            act = more
            if not edited:  # nothing new to check: the model's round changed no file
                return act, outcome

    async def will_check(self, changed: Sequence[str]) -> bool:
        """Whether `after_edits` runs a check for these changed files (a run claimed now waits for it)."""
        return worth_checking(changed) and await self._check_for(changed) is not None

    async def _check_for(self, changed: Sequence[str]) -> TurnCheck | None:
        project = await self._read_project()
        targets = list(self.reproduced.check.targets) if self.reproduced is not None else []
        covering = covering_tests(changed, project.test_texts, project.test_files)
        targets += [test for test in covering if test not in targets]
        if self.reproduced is not None and not self.reproduced.check.targets:
            targets = []  # the request pointed at the whole runner: the same check proves the fix
        return choose_check(project.zones, targets)

    async def _run(self, check: TurnCheck) -> CheckOutcome:
        if self._progress is not None:
            self._progress.report(f"checking: {check.command}")
        return await run_named_check(check, self.runner)

    async def project(self) -> ProjectTests:
        """The project's zones, files and test texts, read once a turn."""
        return await self._read_project()

    async def _read_project(self) -> ProjectTests:
        if self._project is None:
            self._project = await read_project_tests(self._files)
        return self._project
