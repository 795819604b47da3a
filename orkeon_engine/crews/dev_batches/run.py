"""run_dev_batches: a plan run batch after batch, sequentially, in one command (`/dev-batches <code>`), or one
batch (`/dev-batches <code> F<n>`).

For each batch, in its dependencies' order: an inline review of its sheet once its dependencies closed (four
read tools, eight turns); a review that cannot run stops the batch before its launch, logged `BLOCKED —
review not run (<reason>)`, and the next run reviews it again. Then its launch (crews/dev_implement/run.py),
its audit (ports/batch_audit.py), and on VALID its close: the batch's files committed through the commit
crew's close (explicit list, identity check, Conventional Commits, credential refusal), its sheet marked
done. A GAPS verdict relaunches the batch with its Blocking and Major rows as the correction, up to three
audits in GAPS since the last VALID; the third goes to the person. Every move is written to
batches-state.md before the next, so the command typed again after a stop goes on where it stopped. When
every batch closed, the plan's close (with the dev.prAuto setting) pushes once and opens one pull request.

With `--concurrency N` the batches whose dependencies closed run N at once, each in its git worktree
(TreeRunner below, services/dev_waves.py), merged fast-forward in id order; every run, in waves or
not, first finds what an earlier run in waves left (recover_waves)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Awaitable, Callable, Collection, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

from orkeon_engine.crews.dev_implement.run import LaunchOutcome, LaunchPorts, LaunchRequest, run_launch
from orkeon_engine.crews.git_commit.run import CommitCrewDeps, CommitRequest, run_git_commit
from orkeon_engine.domain.dev.batch_review_brief import BATCH_REVIEW_TOOLS, BATCH_REVIEW_TURNS, batch_review_brief
from orkeon_engine.domain.dev.batch_run import next_batch, stale_lines
from orkeon_engine.domain.dev.batches_state import (
    BATCHES_STATE_FILE,
    MAX_GAPS_ROUNDS,
    NOT_CLOSED,
    BatchesState,
    BatchRecord,
    blocked_review,
    parse_batches_state,
)
from orkeon_engine.domain.dev.plan import Batch, Plan, sheet_file
from orkeon_engine.domain.dev.review import ReviewRecord, ReviewScope
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.sheet import mark_done
from orkeon_engine.domain.dev.verdict import parse_verdict, verdict_file
from orkeon_engine.domain.dev.waves import CONCURRENCY_FLAG, BatchVerdict, batch_verdict, next_wave, trees_folder
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.git.pull_requests import PullRequestDraft, PullRequestOutcome
from orkeon_engine.domain.model.act import BudgetExhausted, Cancelled
from orkeon_engine.ports.batch_audit import AuditRequest, AuditVerdict, BatchAuditor
from orkeon_engine.ports.batch_runner import BatchRunner
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.git import Git, GitError
from orkeon_engine.ports.project_checks import ProjectChecks
from orkeon_engine.ports.worktrees import Worktrees
from orkeon_engine.services.batches_book import StateBook
from orkeon_engine.services.dev_review import ReviewJob, finish_review
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.dev_waves import (
    ChecksAt,
    Landing,
    WavePorts,
    recover_waves,
    run_wave,
    unmerged,
    waves_left,
)
from orkeon_engine.services.work_folder import WorkFolder
from orkeon_engine.tools.base import Tool

REVIEW_STEP = "dev-review"
_PUSHED_ONLY = re.compile(r"^pushed \S+$")
"""A plan's close that pushed and has its pull request still to open."""
OpenPullRequest = Callable[[PullRequestDraft], Awaitable[PullRequestOutcome]]


@dataclass(frozen=True)
class PlanClose:
    """How the plan's close ends: `auto` (the dev.prAuto setting) pushes the branch once and opens its pull
    request through `open` (services/pull_requests.open_pull_request); off, it names both commands."""

    auto: bool = False
    open: OpenPullRequest | None = None
REVIEWS_FOLDER = "reviews"


@dataclass(frozen=True)
class WaveSetup:
    """What batches run at once need besides the run's own ports: the repository's worktrees, the project's
    checks at a worktree (a rebased batch's tests) and the ports of a batch's run there (`ports_at`: its
    files, shell, git and tools at that host path, the main tree's work folder shared; released on exit)."""

    worktrees: Worktrees
    checks_at: ChecksAt
    ports_at: Callable[[str], AbstractAsyncContextManager[BatchesPorts]]


@dataclass(frozen=True)
class BatchesPorts:
    step: DevStep
    folder: WorkFolder
    checks: ProjectChecks
    git: Git
    files: Files
    auditor: BatchAuditor
    tools: Callable[[], Sequence[Tool[Any]]]
    """The implement tools of one launch (a fresh set each time)."""
    root: str = "/workspace"
    left_out: tuple[str, ...] = ()
    plan_close: PlanClose = PlanClose()
    publish: Callable[[str, AuditVerdict], Awaitable[None]] | None = None
    """Shows a batch's verdict rows where they point (the editor's diagnostics)."""
    waves: WaveSetup | None = None
    """The worktrees batches run at once in; None outside a repository."""


@dataclass(frozen=True)
class BatchesRequest:
    place: WorkPlace
    plan: Plan
    """The plan with each batch's steps read from its sheet."""
    sheets: dict[str, str]
    """Each batch's sheet as written, by batch id."""
    only: str | None = None
    audit_only: bool = False
    """`--audit`: audit the batch as it stands (no review, no launch), then close it on VALID."""
    close_only: bool = False
    """`--close`: the batch's close alone (its files committed, its sheet marked done), its last verdict VALID."""
    concurrency: int = 1
    """`--concurrency N`: the batches whose dependencies closed run N at once, each in its worktree."""
    in_tree: bool = False
    """The run of one batch of a wave, in its worktree: a batch waiting for the person is audited again as
    it stands (mended in its worktree)."""


@dataclass(frozen=True)
class BatchesOutcome:
    state: BatchesState
    status: str
    """DONE (every batch closed, or the one run alone), STOPPED, BLOCKED, WAITING (a batch waits for the person)
    or GAPS (`--audit` found gaps: the batch's correction waits for its next launch)."""
    message: str
    lines: tuple[str, ...] = ()
    verdicts: tuple[AuditVerdict, ...] = ()


@dataclass
class TreeRunner:
    """The BatchRunner of a wave: each batch run as `/dev-batches <code> F<n>` would run it, over the ports
    opened at its worktree; its outcome kept for the run's view."""

    setup: WaveSetup
    run_batch: Callable[[str, BatchesPorts], Awaitable[BatchesOutcome]]
    outcomes: dict[str, BatchesOutcome] = field(default_factory=dict)

    async def run(self, batch_id: str, working_root: str) -> BatchVerdict:
        async with self.setup.ports_at(working_root) as ports:
            outcome = await self.run_batch(batch_id, ports)
        self.outcomes[batch_id] = outcome
        return batch_verdict(outcome.status)


def state_file(place: WorkPlace) -> str:
    return place.file(BATCHES_STATE_FILE)


async def read_state(folder: WorkFolder, place: WorkPlace, plan_file: str) -> BatchesState:
    """batches-state.md read back (a fresh state when there is none); CommandFailedError naming what is wrong."""
    text = await folder.read(state_file(place))
    if text is None:
        return BatchesState(place.code, plan_file)
    try:
        return parse_batches_state(text, state_file(place))
    except DevFileError as error:
        raise CommandFailedError(f"{error}; mend it by hand, or remove it to start the batches again") from None


async def run_dev_batches(request: BatchesRequest, ports: BatchesPorts,
                          book: StateBook | None = None) -> BatchesOutcome:
    """Run the plan's batches (or one); `book`, when given, is the batches-state.md shared with the runs of
    the other batches of a wave."""
    if book is None:
        state = await read_state(ports.folder, request.place, request.place.file("plan.md"))
        book = StateBook(ports.folder, state_file(request.place), state)
    return await _Run(request, ports, book).go()


class _Run:
    def __init__(self, request: BatchesRequest, ports: BatchesPorts, book: StateBook) -> None:
        self.request = request
        self.ports = ports
        self.book = book
        self.lines: list[str] = []
        self.verdicts: list[AuditVerdict] = []

    @property
    def state(self) -> BatchesState:
        return self.book.state

    async def save(self, record: BatchRecord, log: Sequence[str] = ()) -> None:
        await self.book.put(record, log)

    def outcome(self, status: str, message: str) -> BatchesOutcome:
        return BatchesOutcome(self.state, status, message, tuple(self.lines), tuple(self.verdicts))

    async def go(self) -> BatchesOutcome:
        plan = self.request.plan
        if plan.blocked:
            raise CommandFailedError(f"the plan {plan.code} is BLOCKED by {', '.join(plan.blockers)}: no batch "
                                     f"runs until /dev-plan {plan.code} --replace rewrites it")
        if self.ports.waves is not None and not self.request.in_tree:
            held = await self._leftovers(self.ports.waves)
            if held is not None:
                return held
            if self.request.concurrency > 1:
                return await self._waves(self.ports.waves)
        only = self.request.only
        while True:
            batch = self._chosen(only)
            if batch is None:
                return await self._finished()
            stopped = await self._batch(batch)
            if stopped is not None:
                return stopped
            if only is not None and batch.id in self.state.done():
                return self.outcome("DONE", f"{batch.id} closed")

    def _chosen(self, only: str | None) -> Batch | None:
        batches = self.request.plan.batches
        if only is None:
            return next_batch(batches, self.state.done())
        batch = next((b for b in batches if b.id == only), None)
        if batch is None:
            raise CommandFailedError(f"the plan {self.request.plan.code} has no batch {only} "
                                     f"(it has {', '.join(b.id for b in batches)})")
        if batch.id in self.state.done():
            return None
        waiting = [after for after in batch.after if after not in self.state.done()]
        if waiting:
            raise CommandFailedError(f"{only} runs after {', '.join(waiting)}, which has not closed: "
                                     f"/dev-batches {self.request.plan.code} runs them in order")
        return batch

    def _wave_ports(self, setup: WaveSetup, runner: BatchRunner) -> WavePorts:
        return WavePorts(setup.worktrees, self.ports.folder, runner, setup.checks_at, self.ports.step.ports.progress)

    async def _leftovers(self, setup: WaveSetup) -> BatchesOutcome | None:
        """What an earlier run in waves left, found first (its worktrees cleaned, merged or kept); a run that
        is not in waves stops when batches go on in their worktrees."""
        place, waves = self.request.place, self.request.concurrency > 1
        if not waves and not await waves_left(place, self.ports.folder):
            return None
        runner = TreeRunner(setup, self._in_tree)
        recovery = await recover_waves(place, self._wave_ports(setup, runner), self.request.plan.batches)
        self.lines += recovery.lines
        for landing in recovery.landings:
            if landing.state == "merged":
                await self._merged(landing)
        pending = await unmerged(place, self.ports.folder)
        if waves or not pending:
            return None
        return self.outcome("STOPPED", f"{', '.join(pending)} of {place.code} go on in their worktrees under "
                                       f"{trees_folder(place)}/, left by a run with {CONCURRENCY_FLAG}: type "
                                       f"/dev-batches {place.code} {CONCURRENCY_FLAG} 2 to go on there")

    async def _waves(self, setup: WaveSetup) -> BatchesOutcome:
        """The batches whose dependencies closed, N at once in their worktrees, wave after wave; a batch that
        did not merge (kept for its relaunch, stopped for the person) is not run again by this run."""
        place, plan = self.request.place, self.request.plan
        runner = TreeRunner(setup, self._in_tree)
        ports = self._wave_ports(setup, runner)
        tried: set[str] = set()
        while True:
            pending = await unmerged(place, self.ports.folder)
            closed = self.state.done() - pending.keys()
            wave = next_wave(plan.batches, closed, self.request.concurrency, tried - closed)
            if not wave:
                return await self._finished(pending.keys())
            tried.update(batch.id for batch in wave)
            outcome = await run_wave(place, wave, ports)
            for landing in outcome.landings:
                self._ran(landing.batch, runner.outcomes.pop(landing.batch, None))
                self.lines.append(f"{landing.batch} · {landing.message}")
                if landing.state == "merged":
                    await self._merged(landing)
            if self.ports.step.ports.progress.cancelled:
                return self.outcome("STOPPED", f"stopped by you after the wave of {', '.join(b.id for b in wave)}; "
                                               f"typed again, /dev-batches {plan.code} {CONCURRENCY_FLAG} "
                                               f"{self.request.concurrency} goes on")

    async def _in_tree(self, batch_id: str, ports: BatchesPorts) -> BatchesOutcome:
        """One batch of a wave run alone over the ports of its worktree, sharing this run's batches-state.md."""
        request = dataclasses.replace(self.request, only=batch_id, audit_only=False, concurrency=1, in_tree=True)
        return await _Run(request, ports, self.book).go()

    def _ran(self, batch_id: str, outcome: BatchesOutcome | None) -> None:
        if outcome is None:
            return
        self.lines += outcome.lines
        self.verdicts += outcome.verdicts
        if outcome.status != "DONE":
            self.lines.append(outcome.message if outcome.message.startswith(batch_id)
                              else f"{batch_id}: {outcome.message}")

    async def _merged(self, landing: Landing) -> None:
        record = self.state.record(landing.batch)
        if record is not None:
            await self.save(dataclasses.replace(record, commit=landing.commit[:7] or record.commit),
                            [f"merged fast-forward from its worktree at {landing.commit[:7]}"])

    async def _finished(self, unmerged_batches: Collection[str] = ()) -> BatchesOutcome:
        done = self.state.done() - set(unmerged_batches)
        left = [b.id for b in self.request.plan.batches if b.id not in done]
        if left and self.request.concurrency > 1:
            return self.outcome("STOPPED", f"{', '.join(left)} not closed (see why above); typed again, "
                                           f"/dev-batches {self.request.plan.code} {CONCURRENCY_FLAG} "
                                           f"{self.request.concurrency} goes on")
        if left:
            return self.outcome("STOPPED", f"{', '.join(left)} cannot run yet")
        if self.request.only is not None:
            return self.outcome("DONE", f"{self.request.only} is already closed")
        if self.state.closed == NOT_CLOSED or _PUSHED_ONLY.match(self.state.closed):
            await self._close_plan()
        return self.outcome("DONE", f"plan {self.request.plan.code}: every batch closed")

    async def _batch(self, batch: Batch) -> BatchesOutcome | None:
        record = self.state.record(batch.id) or BatchRecord(batch.id, "reviewed")
        if self.request.audit_only:
            return await self._audit(batch, record) or self.outcome("DONE", f"{batch.id} audited: VALID, closed")
        if self.request.close_only:
            return await self._close_alone(batch, record) or self.outcome("DONE", f"{batch.id} closed")
        if record.state == "waiting" and self.request.in_tree:
            return await self._audit(batch, record)
        if record.state == "waiting":
            return self.outcome("WAITING", f"{batch.id} waits for you: {MAX_GAPS_ROUNDS} audits in GAPS since its "
                                           f"last VALID; mend it, then /dev-batches {self.request.plan.code} "
                                           f"{batch.id} --audit")
        if not record.review or record.state == "blocked":
            review = await self._review(batch)
            if review.failure:
                line = blocked_review(review.failure)
                await self.save(dataclasses.replace(record, state="blocked", review=line), [line])
                return self.outcome("BLOCKED", f"{batch.id}: {line}")
            record = dataclasses.replace(record, state="reviewed", review=_review_line(review))
            await self.save(record, [f"review {_review_line(review)}"])
        if record.state != "gaps" or record.corrections:
            record = await self._launch(batch, record)
            if record.state == "stopped":
                return self.outcome("STOPPED", self.lines[-1])
        return await self._audit(batch, record)

    async def _review(self, batch: Batch) -> ReviewRecord:
        place, step = self.request.place, self.ports.step
        sheet_path = place.file(sheet_file(batch.id))
        sheet = self.request.sheets.get(batch.id, "")
        plan_file = place.file("plan.md")
        plan_text = await self.ports.folder.read(plan_file) or ""
        closed = [f"- {b.id}: commit {b.commit}" for b in self.state.batches if b.state == "done"]
        brief = batch_review_brief(sheet_path, sheet, plan_file, plan_text, closed, batch.id)
        scope = ReviewScope(sheet_path, len(sheet.rstrip("\n").split("\n")), frozenset(), (batch.id,), "sheet",
                            opened=frozenset({sheet_path, plan_file}))
        step.report(f"{batch.id} · reviewing its sheet")
        job = ReviewJob(place, sheet_path, sheet, scope, brief, REVIEW_STEP,
                        record_file=place.file(f"{REVIEWS_FOLDER}/{batch.id}.md"), tools=BATCH_REVIEW_TOOLS,
                        turns=BATCH_REVIEW_TURNS)
        return await finish_review(step, job, self.ports.folder)

    async def _launch(self, batch: Batch, record: BatchRecord) -> BatchRecord:
        first = record.launches == 0
        record = dataclasses.replace(record, state="running", launches=record.launches + 1)
        await self.save(record, [f"launch {record.launches}" + (" with its correction" if record.corrections else "")])
        stale = stale_lines(await self._recorded_review(batch)) if first else ()
        launch = LaunchRequest(batch, self.request.sheets.get(batch.id, ""), record, stale)
        ports = LaunchPorts(self.ports.step, self.ports.checks, self.ports.git, self.ports.files,
                            tuple(self.ports.tools()), self.ports.root, self.ports.left_out)
        try:
            outcome = await run_launch(launch, ports, self.save)
        except (Cancelled, BudgetExhausted, NotConfiguredError, CommandFailedError) as error:
            current = self.state.record(batch.id) or record
            why = "stopped by you" if isinstance(error, Cancelled) else f"stopped: {error}"
            await self.save(dataclasses.replace(current, state="stopped"), [why])
            self.lines.append(f"{batch.id} {why}; /dev-batches {self.request.plan.code} goes on from its cycle "
                              f"{current.cycles_done + 1}")
            return dataclasses.replace(current, state="stopped")
        return await self._launched(outcome)

    async def _launched(self, outcome: LaunchOutcome) -> BatchRecord:
        record = outcome.record
        if outcome.stopped:
            record = dataclasses.replace(record, state="stopped")
            await self.save(record, [outcome.stopped])
            self.lines.append(outcome.stopped)
        return record

    async def _recorded_review(self, batch: Batch) -> ReviewRecord | None:
        from orkeon_engine.services.dev_review import read_review

        return await read_review(self.ports.folder, self.request.place.file(f"{REVIEWS_FOLDER}/{batch.id}.md"))

    async def _audit(self, batch: Batch, record: BatchRecord) -> BatchesOutcome | None:
        self.ports.step.report(f"{batch.id} · audit")
        tests = tuple(dict.fromkeys(t.partition("::")[0] for s in batch.steps for t in s.tests))
        verdict = await self.ports.auditor.audit(AuditRequest(self.request.plan.code, batch.id, self.ports.root, tests))
        self.verdicts.append(verdict)
        await self._publish(batch.id, verdict)
        if verdict.verdict == "VALID":
            return await self._close(batch, record)
        if verdict.verdict == "BLOCKED":
            await self.save(dataclasses.replace(record, state="stopped"), [f"audit BLOCKED: {verdict.reason}"])
            return self.outcome("BLOCKED", f"{batch.id}: the audit could not judge it: {verdict.reason}")
        rounds = record.rounds + 1
        rows = tuple(f"{row.severity} · {row.cites} · {row.text}" for row in verdict.correction)
        if rounds >= MAX_GAPS_ROUNDS:
            await self.save(dataclasses.replace(record, state="waiting", rounds=rounds, corrections=rows),
                            [f"audit {rounds} GAPS: it goes to you"])
            return self.outcome("WAITING", f"{batch.id}: audit GAPS {rounds} times since its last VALID: it waits "
                                           "for you (the rows are in its verdict)")
        counted = f"{len(rows)} row{'s' if len(rows) != 1 else ''}"
        if self.request.audit_only:  # --audit launches nothing: the correction waits for the batch's next run
            await self.save(dataclasses.replace(record, state="gaps", rounds=rounds, corrections=rows),
                            [f"audit {rounds} GAPS: {counted} kept as the correction of its next launch"])
            return self.outcome("GAPS", f"{batch.id} audited: GAPS ({rounds} of {MAX_GAPS_ROUNDS}), not relaunched; "
                                        f"/dev-batches {self.request.plan.code} {batch.id} relaunches it with its "
                                        f"correction ({counted})")
        await self.save(dataclasses.replace(record, state="gaps", rounds=rounds, corrections=rows),
                        [f"audit {rounds} GAPS: relaunched with {counted} as its correction"])
        self.lines.append(f"{batch.id}: audit GAPS ({rounds} of {MAX_GAPS_ROUNDS}), relaunched with its correction")
        return None

    async def _close_alone(self, batch: Batch, record: BatchRecord) -> BatchesOutcome | None:
        """`--close`: the batch's close without a review, a launch or an audit, once its last verdict is VALID
        (a close that stopped, say, on a refused commit)."""
        file = self.request.place.file(verdict_file(batch.id))
        text = await self.ports.folder.read(file)
        code = self.request.plan.code
        if text is None:
            raise CommandFailedError(f"{batch.id} has no verdict yet ({file}): --close commits a batch whose audit "
                                     f"is VALID; /dev-batches {code} {batch.id} --audit audits it first")
        try:
            verdict = parse_verdict(text, file)
        except DevFileError as error:
            raise CommandFailedError(f"{error}; /dev-batches {code} {batch.id} --audit writes it again") from None
        if verdict.verdict != "VALID":
            raise CommandFailedError(f"{batch.id}'s last audit is {verdict.verdict} ({file}): --close commits a "
                                     f"batch whose audit is VALID; /dev-batches {code} {batch.id} --audit audits "
                                     "it again once it is mended")
        return await self._close(batch, record)

    async def _publish(self, batch_id: str, verdict: AuditVerdict) -> None:
        if self.ports.publish is not None:
            await self.ports.publish(batch_id, verdict)

    async def _close(self, batch: Batch, record: BatchRecord) -> BatchesOutcome | None:
        self.ports.step.report(f"{batch.id} · committing")
        left_out = self.ports.left_out
        changed = [e.path for e in await self.ports.git.status()
                   if not any(e.path == f or e.path.startswith(f.rstrip("/") + "/") for f in left_out)]
        if not changed:
            await self.save(dataclasses.replace(record, state="stopped"), ["VALID, but nothing to commit"])
            return self.outcome("STOPPED", f"{batch.id} is VALID but changed no file: nothing to commit")
        commit = CommitCrewDeps(git=self.ports.git, llm=self.ports.step.llm, human=self.ports.step.ports.human,
                                progress=self.ports.step.ports.progress)
        try:
            done = await run_git_commit(CommitRequest(paths=tuple(changed), work_folder=self.ports.folder.folder,
                                                      assume_yes=True), commit)
        except (CommandFailedError, NotConfiguredError) as error:
            await self.save(dataclasses.replace(record, state="stopped"), [f"VALID, not committed: {error}"])
            return self.outcome("STOPPED", f"{batch.id} is VALID but was not committed: {error}")
        sheet = self.request.place.file(sheet_file(batch.id))
        await self.ports.folder.write(sheet, mark_done(self.request.sheets.get(batch.id, "")))
        await self.save(dataclasses.replace(record, state="done", rounds=0, corrections=(),
                                            commit=done.commit_id or ""),
                        [f"VALID, committed {done.commit_id} ({len(done.files)} files), its sheet marked done"])
        self.lines.append(f"{batch.id} closed: {done.summary}")
        return None

    async def _close_plan(self) -> None:
        """Once every batch closed: with dev.prAuto, one push of the branch, then one pull request; without,
        the push and gh pr create commands named."""
        git = self.ports.git
        branch = await git.current_branch()
        if branch is None:
            self.lines.append("not pushed: HEAD is detached, there is no branch to push")
            return
        default = await git.default_branch()
        close = self.ports.plan_close
        if not close.auto:
            then = f", then `gh pr create --base {default} --head {branch}`" if default not in (None, branch) else ""
            self.lines.append(f"every batch is committed on {branch}; dev.prAuto is off, so nothing was pushed: "
                              f"`git push -u origin {branch}`{then}")
            return
        if self.state.closed == NOT_CLOSED and not await self._pushed(branch):
            return
        if default is None or default == branch:
            why = "the default branch is not known" if default is None else f"{branch} is the default branch"
            await self._closed(f"pushed {branch}, no pull request: {why}")
            self.lines.append(f"no pull request: {why}")
            return
        await self._pull_request(branch, default, close)

    async def _pushed(self, branch: str) -> bool:
        try:
            await self.ports.git.push(branch)
        except GitError as error:
            self.lines.append(f"every batch is committed; the push of {branch} failed: {error}; the next "
                              f"/dev-batches {self.request.plan.code} pushes again")
            return False
        await self._closed(f"pushed {branch}")
        self.lines.append(f"pushed {branch} once (git push -u origin {branch})")
        return True

    async def _pull_request(self, branch: str, default: str, close: PlanClose) -> None:
        if close.open is None:
            self.lines.append(f"the pull request: gh pr create --base {default} --head {branch}")
            return
        plan = self.request.plan
        commits = [f"- {b.id}: {b.commit}" for b in self.state.batches if b.state == "done"]
        body = "\n".join([f"{plan.approach}".strip(), "", f"The batches of {plan.code}:", *commits, ""])
        outcome = await close.open(PullRequestDraft(plan.title, body, default, branch))
        if outcome.opened:
            await self._closed(f"pull request {outcome.url}")
            self.lines.append(f"pull request: {outcome.url}" + (" (already open)" if outcome.already_open else ""))
            return
        self.lines += [f"the pull request was not opened: {outcome.reason}; open it with:", f"  {outcome.gh_command}",
                       f"(/dev-batches {plan.code} tries again)"]

    async def _closed(self, closed: str) -> None:
        await self.book.closed(closed)

def _review_line(review: ReviewRecord) -> str:
    return "CLEAR" if not review.findings else f"FINDINGS ({review.counts()})"
