"""run_launch: one launch of a batch (`/dev-batches <code> F<n>`): its cycles, each RED then GREEN, checked by
code through the project's own tests (ports/project_checks.py), or, on a relaunch after a GAPS verdict, its
correction appended as one more step.

One agent plays both roles in acceptEdits under the dev-implement step's rule sets and budget, with five
read tools, the write tools, run_tests, run_build and memory_recall. After RED, code refuses the cycle when a
file that is no test changed or when the cycle's test file passes; after GREEN it runs the test file, then
the whole suite. A check that refutes a role is said back to it once as a correction (twice for GREEN); a
role that still fails stops the launch. Every cycle that ends is saved before the next begins, so a launch
stopped at any point goes on at the cycle it stopped in."""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from orkeon_engine.crews.dev_implement.prompt_catalogue import every_prompt
from orkeon_engine.crews.dev_implement.prompts import (
    IMPLEMENT_SYSTEM,
    check_refuted,
    correction_request,
    green_request,
    red_request,
)
from orkeon_engine.domain.agents.agents import STEP_BUDGETS
from orkeon_engine.domain.dev.batch_run import (
    Cycle,
    correction_step,
    cycles,
    new_assumptions,
    production_changes,
    stated_assumptions,
)
from orkeon_engine.domain.dev.batches_state import BatchRecord
from orkeon_engine.domain.dev.plan import Batch
from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.git import Git
from orkeon_engine.ports.project_checks import CheckRun, ProjectChecks
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.tools.base import Tool

STEP = "dev-implement"
MODE = "acceptEdits"
READ_TOOLS: tuple[str, ...] = ("file_read", "directory_read", "node_outline", "node_read", "codebase_search")
WRITE_TOOLS: tuple[str, ...] = ("file_write", "node_replace", "edit_batch")
CHECK_TOOLS: tuple[str, ...] = ("run_tests", "run_build", "memory_recall")
IMPLEMENT_TOOLS: tuple[str, ...] = (*READ_TOOLS, *WRITE_TOOLS, *CHECK_TOOLS)
RED_CORRECTIONS = 1
GREEN_CORRECTIONS = 2

Save = Callable[[BatchRecord, Sequence[str]], Awaitable[None]]
"""Writes the batch's record (and log lines) to batches-state.md."""


@dataclass(frozen=True)
class LaunchPorts:
    """What one launch works over, all bound to the batch's working root."""

    step: DevStep
    checks: ProjectChecks
    git: Git
    files: Files
    tools: Sequence[Tool[Any]]
    """The implement tools this host offers (IMPLEMENT_TOOLS, those it has)."""
    root: str = "/workspace"
    """The batch's working root (the workspace; a worktree when batches run in parallel)."""
    left_out: tuple[str, ...] = ()
    """Orkeon's folders (the work folder, its local state): a RED may write there."""


@dataclass(frozen=True)
class LaunchRequest:
    batch: Batch
    sheet: str
    record: BatchRecord
    stale: tuple[str, ...] = ()
    """The review's Major rows as `stale:` lines (the first launch only)."""


@dataclass(frozen=True)
class LaunchOutcome:
    record: BatchRecord
    stopped: str = ""
    """Why the launch stopped before its end ("" when every cycle passed its checks)."""
    tests: tuple[str, ...] = ()


class _Refuted(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


async def run_launch(request: LaunchRequest, ports: LaunchPorts, save: Save) -> LaunchOutcome:
    """Run the batch's remaining cycles (or its correction); the record as it stands at the end."""
    batch_cycles = cycles(request.batch)
    tests = tuple(c.test_file for c in batch_cycles)
    record = dataclasses.replace(request.record, cycles=len(batch_cycles))
    launch = _Launch(request, ports, save, record)
    try:
        if record.corrections:
            await launch.correct(tests)
        else:
            for cycle in batch_cycles[record.cycles_done:]:
                await launch.cycle(cycle, len(batch_cycles))
    except _Refuted as refused:
        return LaunchOutcome(launch.record, refused.reason, tests)
    return LaunchOutcome(launch.record, "", tests)


class _Launch:
    def __init__(self, request: LaunchRequest, ports: LaunchPorts, save: Save, record: BatchRecord) -> None:
        self.request = request
        self.ports = ports
        self.save = save
        self.record = record
        self.messages: list[ChatMessage] = []

    @property
    def batch(self) -> str:
        return self.request.batch.id

    async def cycle(self, cycle: Cycle, of: int) -> None:
        stale = self.request.stale if self.record.launches <= 1 else ()
        where = f"{self.batch} · cycle {cycle.number}/{of}"
        self.messages = []
        before = await self._snapshot()
        self.ports.step.report(f"{where} · RED")
        await self._act(red_request(self.batch, self.request.sheet, cycle, of, stale))
        await self._red_checked(cycle, where, before)
        self.ports.step.report(f"{where} · GREEN")
        await self._act(green_request(self.batch, cycle, of, stale))
        await self._green_checked([cycle.test_file], where)
        self.record = dataclasses.replace(self.record, cycles_done=cycle.number)
        await self.save(self.record, [f"cycle {cycle.number} · RED failed, then GREEN passed with the suite "
                                      f"({cycle.test_file})"])

    async def correct(self, tests: Sequence[str]) -> None:
        rows = self.record.corrections
        step = correction_step(rows)
        where = f"{self.batch} · correction"
        self.messages = []
        self.ports.step.report(f"{where} · GREEN")
        await self._act(correction_request(self.batch, step, rows))
        await self._green_checked(tests, where)
        self.record = dataclasses.replace(self.record, corrections=())
        await self.save(self.record, [f"correction step appended and passed ({len(rows)} rows settled)"])

    async def _red_checked(self, cycle: Cycle, where: str, before: dict[str, str | None]) -> None:
        for attempt in range(RED_CORRECTIONS + 1):
            touched = production_changes(await self._changed(before), self.ports.left_out)
            if touched:
                raise _Refuted(f"{where}: RED refused: it changed {', '.join(touched)}, which no test is; a cycle "
                               "changes no production file before its test fails")
            run = await self.ports.checks.run("tests", [cycle.test_file])
            self._ran(run)
            if not run.passed:
                await self.save(self.record, [f"cycle {cycle.number} · RED failed as it must ({run.command})"])
                return
            if attempt == RED_CORRECTIONS:
                raise _Refuted(f"{where}: RED refused: `{run.command}` passed, so the test proves nothing yet; "
                               "a cycle's test must fail before the production code changes")
            await self._act(check_refuted("RED", run.command, run.tail, "passed; the test must fail first"))

    async def _green_checked(self, tests: Sequence[str], where: str) -> None:
        for attempt in range(GREEN_CORRECTIONS + 1):
            failed = await self._failing_check(tests)
            if failed is None:
                return
            if attempt == GREEN_CORRECTIONS:
                raise _Refuted(f"{where}: GREEN stopped: `{failed.command}` still fails "
                               f"(exit code {failed.exit_code}) after {GREEN_CORRECTIONS} corrections")
            await self._act(check_refuted("GREEN", failed.command, failed.tail, f"exited {failed.exit_code}"))

    async def _failing_check(self, tests: Sequence[str]) -> CheckRun | None:
        for kind, targets in (("tests", list(tests)), ("suite", [])):
            run = await self.ports.checks.run("tests" if kind == "tests" else "suite", targets)
            self._ran(run)
            if not run.passed:
                return run
        return None

    def _ran(self, run: CheckRun) -> None:
        if not run.ran:
            raise _Refuted(f"{self.batch}: the check could not run: {run.reason or 'no command'}; name the "
                           "project's test command in its configuration (Makefile, pyproject.toml, package.json)")

    async def _act(self, request: str) -> None:
        step = self.ports.step
        self.messages.append(ChatMessage.user(request))
        gate = await gate_for_run(step.ports.gate_ports(), MODE, step=STEP)
        limits = STEP_BUDGETS[STEP]
        result = await step.llm.act(IMPLEMENT_SYSTEM, self.messages, list(self.ports.tools),
                                    Budget(limits.tool_calls, limits.seconds, limits.context_tokens), gate)
        self.messages = [m for m in result.messages if m.role != "system"]
        fresh = new_assumptions(stated_assumptions(result.text), self.record.assumptions, self.request.sheet)
        if fresh:
            self.record = dataclasses.replace(self.record, assumptions=(*self.record.assumptions, *fresh))
            await self.save(self.record, [f"assumption recorded: {a}" for a in fresh])

    async def _snapshot(self) -> dict[str, str | None]:
        """The text of every path git lists as changed now (None: gone)."""
        return {entry.path: await self._text(entry.path) for entry in await self.ports.git.status()}

    async def _changed(self, before: dict[str, str | None]) -> list[str]:
        now = {entry.path for entry in await self.ports.git.status()}
        return [path for path in sorted(now | set(before)) if path not in before or
                before[path] != await self._text(path)]

    async def _text(self, path: str) -> str | None:
        try:
            return await self.ports.files.read_text(f"/workspace/{path}")
        except FilesError:
            return None


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of this crew over sample inputs, as the model reads them (`orkeon prompts render`)."""
    return every_prompt()
