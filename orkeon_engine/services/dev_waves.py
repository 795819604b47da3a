"""Waves of batches in git worktrees (`/dev-batches <code> --concurrency N`): `run_wave` seeds one worktree per
batch under the work folder, runs the wave's batches at once through the BatchRunner seam, then merges each VALID
batch fast-forward in id order (rebased on the last merged one when needed, its tests run again in its
worktree), removes its worktree and deletes its branch; a GAPS or BLOCKED batch keeps its worktree for its
relaunch, a conflict stops the batch for the person with the files in conflict.

Crash safety: the wave state (`waves-state.md`, domain/dev/waves.py) is written before every step, and
`recover_waves`, which the next run calls first, finds the worktrees a stopped or killed run left and cleans
them (nothing left to merge), resumes them (a VALID batch not merged yet is merged) or keeps them (a batch with
work of its own, reused by the next wave). The current branch moves only by one fast-forward a batch, so it
stands before or after a batch, never between.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace

from orkeon_engine.domain.dev.plan import Batch, batch_number
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.waves import (
    TREES_IGNORE,
    VERDICT_STATES,
    WAVES_STATE_FILE,
    BatchVerdict,
    WaveEntry,
    WavesRecord,
    WaveState,
    branch_name,
    merge_order,
    parse_waves,
    paths_text,
    render_waves,
    tree_batch,
    tree_path,
    trees_folder,
)
from orkeon_engine.domain.dev.work_folder import WorkPlace
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.ports.batch_runner import BatchRunner
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.project_checks import CheckRun, ProjectChecks
from orkeon_engine.ports.worktrees import GitError, Worktree, Worktrees
from orkeon_engine.services.work_folder import WorkFolder

ChecksAt = Callable[[str], Awaitable[ProjectChecks]]
"""The project's checks under one working root (a batch's worktree, as a host path)."""
KEPT_STATES: frozenset[WaveState] = frozenset({"gaps", "blocked", "stopped"})


@dataclass(frozen=True)
class WavePorts:
    worktrees: Worktrees
    folder: WorkFolder
    runner: BatchRunner
    checks_at: ChecksAt
    progress: Progress


@dataclass(frozen=True)
class Landing:
    """Where one batch of a wave ended: merged (its files brought back), gaps or blocked (its worktree kept for
    the relaunch), stopped (a conflict, its tests failing after the rebase: its worktree kept for the person)."""

    batch: str
    state: WaveState
    message: str
    files: tuple[str, ...] = ()
    commit: str = ""
    """The commit the current branch stands at once the batch merged."""


@dataclass(frozen=True)
class WaveOutcome:
    landings: tuple[Landing, ...] = ()

    def lines(self) -> list[str]:
        return [f"{landing.batch} · {landing.message}" for landing in self.landings]


@dataclass(frozen=True)
class Recovery:
    """What `recover_waves` found and did, one line a worktree or batch: cleaned, merged, stopped or kept."""

    lines: tuple[str, ...] = ()
    landings: tuple[Landing, ...] = field(default=())


def state_file(place: WorkPlace) -> str:
    return place.file(WAVES_STATE_FILE)


async def run_wave(place: WorkPlace, batches: Sequence[Batch], ports: WavePorts) -> WaveOutcome:
    """Run `batches` (one wave: none depends on another) at once, each in its worktree, and land them.
    CommandFailedError when the wave cannot start (a detached HEAD, a repository without a commit, a wave state
    that does not read)."""
    try:
        wave = await _Wave.open(place, ports)
        await wave.seed(batches)
    except GitError as error:
        raise CommandFailedError(f"the batches of {place.code} cannot run in worktrees: {error}") from None
    retest = {batch.id for batch in batches if (entry := wave.record.entry(batch.id)) and entry.state == "stopped"}
    verdicts = await asyncio.gather(*(wave.run(batch.id) for batch in batches if wave.seeded(batch.id)))
    landings = list(wave.unseeded)
    valid = merge_order(batch for batch, verdict in verdicts if verdict == "VALID")
    for batch_id, verdict in verdicts:
        if verdict != "VALID":
            entry = wave.record.entry(batch_id)
            why = f" ({entry.note})" if entry is not None and entry.note else ""
            landings.append(Landing(batch_id, VERDICT_STATES[verdict], f"{verdict}{why}: its worktree "
                                    f"{tree_path(place, batch_id)} is kept for the relaunch"))
    by_id = {batch.id: batch for batch in batches}
    for batch_id in valid:
        landings.append(await wave.land(batch_id, _test_targets(by_id[batch_id]), batch_id in retest))
    return WaveOutcome(tuple(sorted(landings, key=lambda landing: batch_number(landing.batch))))


async def recover_waves(place: WorkPlace, ports: WavePorts, batches: Sequence[Batch] = ()) -> Recovery:
    """Find the worktrees a stopped or killed wave left and clean, resume or keep each; `batches` (the plan's)
    give a resumed merge the tests it runs again after a rebase."""
    try:
        await ports.worktrees.prune()
        wave = await _Wave.open(place, ports)
        trees = await wave.trees()
    except GitError as error:
        raise CommandFailedError(f"the worktrees of {place.code} cannot be looked at: {error}") from None
    targets = {batch.id: _test_targets(batch) for batch in batches}
    lines: list[str] = []
    landings: list[Landing] = []
    for batch_id in merge_order([*trees, *(e.batch for e in wave.record.entries)]):
        try:
            line, landing = await wave.recover(batch_id, trees.get(batch_id), targets.get(batch_id, ()))
        except GitError as error:
            line, landing = f"{batch_id} · left as it is: {error}", None
        if line:
            lines.append(line)
        if landing is not None:
            landings.append(landing)
    return Recovery(tuple(lines), tuple(landings))


async def unmerged(place: WorkPlace, folder: WorkFolder) -> dict[str, WaveEntry]:
    """The batches the wave state holds that have not merged (kept in their worktrees, or stopped for the
    person), by batch; CommandFailedError when the wave state does not read."""
    record = await _read_record(place, folder)
    return {entry.batch: entry for entry in record.entries if entry.state != "merged"} if record else {}


async def _read_record(place: WorkPlace, folder: WorkFolder) -> WavesRecord | None:
    """The wave state file read back (None when there is none); CommandFailedError when it does not read."""
    text = await folder.read(state_file(place))
    if not text:
        return None
    try:
        return parse_waves(text, state_file(place))
    except DevFileError as error:
        raise CommandFailedError(f"{error}; delete it after removing the worktrees under "
                                 f"{trees_folder(place)}/ (git worktree remove) to start the waves again") from None


async def waves_left(place: WorkPlace, folder: WorkFolder) -> bool:
    """Whether a run in waves left anything for this work (its wave state, its trees folder)."""
    return (await folder.read(state_file(place))) is not None or \
        (await folder.read(f"{trees_folder(place)}/.gitignore")) is not None


def _test_targets(batch: Batch) -> tuple[str, ...]:
    """The test files a batch's steps name (`tests/test_cart.py::test_total` → `tests/test_cart.py`)."""
    return tuple(dict.fromkeys(test.partition("::")[0] for step in batch.steps for test in step.tests))


class _Wave:
    """One wave's moves, each recorded in the wave state before it is made."""

    def __init__(self, place: WorkPlace, ports: WavePorts, record: WavesRecord) -> None:
        self.place = place
        self.ports = ports
        self.record = record
        self.unseeded: list[Landing] = []
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, place: WorkPlace, ports: WavePorts) -> _Wave:
        branch = await ports.worktrees.current_branch()
        if branch is None:
            raise CommandFailedError("batches in worktrees merge into the current branch, and HEAD is detached: "
                                     "switch to a branch first (git switch <branch>)")
        record = await _read_record(place, ports.folder) or WavesRecord(place.code, branch)
        if record.code != place.code:
            raise CommandFailedError(f"{state_file(place)} holds the waves of {record.code!r}, not {place.code!r}")
        pending = [e.batch for e in record.entries if e.state in ("valid", "merging")]
        if record.branch != branch and pending:
            raise CommandFailedError(f"the batches {', '.join(pending)} of {place.code} wait to merge into "
                                     f"{record.branch}, and {branch} is checked out: switch back to {record.branch} "
                                     f"(git switch {record.branch}) and run the command again")
        return cls(place, ports, replace(record, branch=branch))

    async def save(self, batch_id: str, state: WaveState, note: str = "") -> None:
        async with self._lock:
            self.record = self.record.with_entry(batch_id, state, note)
            await self.ports.folder.write(state_file(self.place), render_waves(self.record))

    async def forget(self, batch_id: str) -> None:
        async with self._lock:
            kept = tuple(e for e in self.record.entries if e.batch != batch_id)
            self.record = WavesRecord(self.record.code, self.record.branch, kept)
            await self.ports.folder.write(state_file(self.place), render_waves(self.record))

    def report(self, message: str) -> None:
        self.ports.progress.report(message)

    def host(self, batch_id: str) -> str:
        return f"{self.ports.worktrees.root}/{tree_path(self.place, batch_id)}"

    def seeded(self, batch_id: str) -> bool:
        return all(landing.batch != batch_id for landing in self.unseeded)

    async def trees(self) -> dict[str, Worktree]:
        """This work's worktrees git knows, by batch."""
        found = {}
        for tree in await self.ports.worktrees.linked():
            batch_id = tree_batch(self.place, tree.path)
            if batch_id is not None:
                found[batch_id] = tree
        return found

    async def seed(self, batches: Sequence[Batch]) -> None:
        """A worktree for each batch, on its own branch from HEAD (a batch whose worktree exists keeps it)."""
        await self.ports.folder.write(f"{trees_folder(self.place)}/.gitignore", TREES_IGNORE)
        existing = await self.trees()
        base = await self.ports.worktrees.head()
        for batch in batches:
            if batch.id in existing:
                self.report(f"{batch.id} · goes on in its worktree {tree_path(self.place, batch.id)}")
                continue
            await self.save(batch.id, "seeding")
            try:
                await self.ports.worktrees.add(tree_path(self.place, batch.id), branch_name(self.place, batch.id),
                                               base)
            except GitError as error:
                await self.save(batch.id, "blocked", f"its worktree could not be added: {error}")
                self.unseeded.append(Landing(batch.id, "blocked", f"BLOCKED: its worktree could not be added "
                                                                  f"({error})"))
                continue
            self.report(f"{batch.id} · worktree {tree_path(self.place, batch.id)} on "
                        f"{branch_name(self.place, batch.id)}")

    async def run(self, batch_id: str) -> tuple[str, BatchVerdict]:
        await self.save(batch_id, "running")
        self.report(f"{batch_id} · running in its worktree")
        try:
            verdict = await self.ports.runner.run(batch_id, self.host(batch_id))
        except Exception as error:  # one batch's failure must not abandon the others' worktrees
            await self.save(batch_id, "blocked", f"{type(error).__name__}: {error}")
            self.report(f"{batch_id} · BLOCKED ({error})")
            return batch_id, "BLOCKED"
        await self.save(batch_id, VERDICT_STATES[verdict])
        self.report(f"{batch_id} · {verdict}")
        return batch_id, verdict

    async def land(self, batch_id: str, targets: Sequence[str], retest: bool = False) -> Landing:
        """Merge a VALID batch fast-forward (rebased first when the current branch moved on, its tests run
        again then, and always with `retest`: a batch an earlier landing stopped), bring its files back,
        remove its worktree and branch; a conflict or failing tests stop it with its worktree kept."""
        await self.save(batch_id, "merging")
        self.report(f"{batch_id} · merging")
        tree, branch = tree_path(self.place, batch_id), branch_name(self.place, batch_id)
        try:
            before = await self.ports.worktrees.head()
            tip = await self.ports.worktrees.branch_head(branch)
            if tip is None:
                return await self.stop(batch_id, f"its branch {branch} is gone")
            if not await self.ports.worktrees.contains(before, tip):
                stopped = await self.rebased(batch_id, before, targets)
            else:
                stopped = await self.retested(batch_id, targets, "its tests run again") if retest else None
            if stopped is not None:
                return stopped
            await self.ports.worktrees.fast_forward(branch)
            after = await self.ports.worktrees.head()
            files = await self.ports.worktrees.changed_files(before, after)
        except GitError as error:
            return await self.stop(batch_id, f"it could not merge: {error}")
        await self.save(batch_id, "merged", after[:7])
        self.report(f"{batch_id} · merged")
        await self.clean(batch_id)
        return Landing(batch_id, "merged", f"merged fast-forward at {after[:7]}: {len(files)} files brought back "
                                           f"({paths_text(files)}); its worktree {tree} removed", tuple(files), after)

    async def rebased(self, batch_id: str, onto: str, targets: Sequence[str]) -> Landing | None:
        """Rebase the batch on the last merged one and run its tests again; the stop when either fails."""
        self.report(f"{batch_id} · rebasing on {onto[:7]}")
        rebase = await self.ports.worktrees.rebase(tree_path(self.place, batch_id), onto)
        if not rebase.done:
            return await self.stop(batch_id, f"its rebase on {onto[:7]} meets a conflict in "
                                             f"{paths_text(rebase.conflicts)}", rebase.conflicts)
        return await self.retested(batch_id, targets, "rebased; its tests run again",
                                   f"after its rebase on {onto[:7]}, ")

    async def retested(self, batch_id: str, targets: Sequence[str], report: str, after: str = "") -> Landing | None:
        """The batch's tests run in its worktree (its test files, else the suite); the stop when they fail."""
        self.report(f"{batch_id} · {report}")
        checks = await self.ports.checks_at(self.host(batch_id))
        run = await checks.run("tests", targets) if targets else await checks.run("suite")
        if not run.passed:
            return await self.stop(batch_id, f"{after}{_check_words(run)}")
        return None

    async def stop(self, batch_id: str, why: str, files: Sequence[str] = ()) -> Landing:
        await self.save(batch_id, "stopped", why)
        self.report(f"{batch_id} · stopped: {why}")
        return Landing(batch_id, "stopped", f"stopped for you: {why}; its worktree {tree_path(self.place, batch_id)} "
                                            f"is kept (branch {branch_name(self.place, batch_id)})", tuple(files))

    async def clean(self, batch_id: str) -> None:
        await self.ports.worktrees.remove(tree_path(self.place, batch_id))
        await self.ports.worktrees.delete_branch(branch_name(self.place, batch_id))

    async def recover(self, batch_id: str, tree: Worktree | None,
                      targets: Sequence[str]) -> tuple[str, Landing | None]:
        """One batch left by an earlier run: the line saying what was done, and its landing when it merged or
        stopped."""
        entry = self.record.entry(batch_id)
        state = entry.state if entry else "running"
        branch = branch_name(self.place, batch_id)
        head = await self.ports.worktrees.head()
        tip = await self.ports.worktrees.branch_head(branch)
        merged = tip is not None and await self.ports.worktrees.contains(tip, head)
        if tree is None:
            return await self._recover_without_tree(batch_id, state, merged, tip)
        dirty = await self.ports.worktrees.dirty_files(tree.path)
        if merged and not dirty:
            await self.clean(batch_id)
            if state in ("merging", "merged"):
                await self.save(batch_id, "merged", head[:7])
                return f"{batch_id} · its worktree was left after its merge: removed", None
            await self.forget(batch_id)
            return f"{batch_id} · its worktree held no work of its own: removed (the batch runs again)", None
        if state in ("valid", "merging") and not dirty:
            landing = await self.land(batch_id, targets)
            return f"{batch_id} · its merge had not finished: {landing.message}", landing
        if state in KEPT_STATES:
            return f"{batch_id} · its worktree {tree.path} is kept ({state})", None
        return (f"{batch_id} · stopped in the middle of its run: its worktree {tree.path} is kept and the batch "
                f"goes on there next time"), None

    async def _recover_without_tree(self, batch_id: str, state: WaveState, merged: bool,
                                    tip: str | None) -> tuple[str, Landing | None]:
        if state == "merged":
            return "", None
        if merged:
            await self.ports.worktrees.delete_branch(branch_name(self.place, batch_id))
            if state == "merging":
                await self.save(batch_id, "merged")
                return f"{batch_id} · merged before the stop; its record is brought up to date", None
            await self.forget(batch_id)
            return f"{batch_id} · its worktree was never made: the batch runs again", None
        await self.forget(batch_id)
        kept = f"; its branch {branch_name(self.place, batch_id)} is kept with its commits" if tip else ""
        return f"{batch_id} · its worktree is gone: the batch runs again{kept}", None


def _check_words(run: CheckRun) -> str:
    if not run.ran:
        return f"its tests could not run ({run.reason or 'no reason given'})"
    tail = " / ".join(run.tail[-3:])
    return f"its tests fail (`{run.command}` exited {run.exit_code}{': ' + tail if tail else ''})"
