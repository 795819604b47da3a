"""/memory admit [--from FILE]...: the candidates for the shared memory, shown to the person one at a time.

The candidates come from the files `--from` names, else from the `memory.proposals` setting's files
(/dev-learn's PROPOSALS.md): candidate sections and verdict rows (domain/shared_memory/candidates.py).
Those already in the shared memory, refused before, or proposed twice are set aside and said. For each
of the others the person answers Admit, Refuse, Later or Stop; nobody answering stops the review too.
Then, and only then, the admitted ones are written as entry files, the refused ones added to the refused
list, and the index refreshed. No model call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.shared_memory.admit import (
    CHOICES,
    AdmitOutcome,
    AdmitPlan,
    Decision,
    decision_of,
    plan_admission,
    question,
    settle,
)
from orkeon_engine.domain.shared_memory.candidates import Candidate, read_candidates
from orkeon_engine.domain.shared_memory.entries import EntrySource
from orkeon_engine.domain.shared_memory.refused import RefusedList
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.memory_entries import MemoryEntries, MemoryFilesError
from orkeon_engine.ports.memory_index import MemoryIndex, MemoryIndexError
from orkeon_engine.services.shared_memory import proposal_files


@dataclass(frozen=True)
class _Gathered:
    candidates: tuple[Candidate, ...]
    lines: tuple[str, ...]


async def run_memory_admit(sources: Sequence[str], deps: Deps) -> CommandView:
    """The review over `sources` (the --from files; empty: the memory.proposals setting's files)."""
    entries, index = deps.require_shared_memory()
    if deps.files is None:
        raise CommandFailedError("/memory admit reads its candidates through the workspace's files, which are "
                                 "not wired in this engine")
    gathered = await _gather(deps.files, list(sources) or await proposal_files(deps.config), bool(sources))
    try:
        listing = await entries.listing()
        refused = await entries.refused()
    except MemoryFilesError as error:
        raise CommandFailedError(f"{error}; nothing was asked nor written") from None
    plan = plan_admission(gathered.candidates, listing.keys(), refused)
    lines = list(gathered.lines) + [f"set aside: {c.entry.title} ({why})" for c, why in plan.set_aside]
    if not plan.ask:
        return CommandView(message="no candidate to review" + (f" ({len(plan.set_aside)} set aside)"
                                                                if plan.set_aside else ""), lines=tuple(lines))
    outcome = settle(plan.ask, await _ask(deps.human, plan), deps.clock.now().date())
    if not outcome.writes_anything:
        return CommandView(message=_nothing_written(outcome), lines=tuple(lines + _left(outcome)))
    written = await _write(entries, outcome, refused)
    lines += [f"admitted: {path}" for path in written]
    lines += [f"refused: {item.title} (added to {entries.location}/_refused.md)" for item in outcome.refused]
    lines += _left(outcome) + await _refresh(index, bool(written))
    return CommandView(message=_summary(outcome, len(plan.ask)), lines=tuple(lines))


async def _gather(files: Files, paths: list[str], named: bool) -> _Gathered:
    """The candidates of every file; a file named with --from must be readable, a setting's may be absent."""
    candidates: list[Candidate] = []
    lines: list[str] = []
    source: EntrySource = "note" if named else "proposal"
    for path in paths:
        try:
            text = await files.read_text(path)
        except FilesError as error:
            if named:
                raise CommandFailedError(f"--from {path}: {error.reason}; nothing was asked nor written") from None
            lines.append(f"no candidates read from {path} ({error.reason})")
            continue
        found = read_candidates(text, path, source)
        candidates += found.candidates
        lines += [f"not a candidate: {problem}" for problem in found.problems]
        if not found.candidates and not found.problems:
            lines.append(f"{path} holds no candidate: a `## <title>` section or a verdict table "
                         "(docs/shared-memory.md)")
    return _Gathered(tuple(candidates), tuple(lines))


async def _ask(human: HumanInput, plan: AdmitPlan) -> list[Decision]:
    decisions: list[Decision] = []
    for number, candidate in enumerate(plan.ask, start=1):
        decision = decision_of(await human.choose(question(candidate, number, len(plan.ask)), list(CHOICES)))
        if decision is None:
            break
        decisions.append(decision)
    return decisions


async def _write(entries: MemoryEntries, outcome: AdmitOutcome, refused_before: RefusedList) -> list[str]:
    written: list[str] = []
    try:
        for entry in outcome.admitted:
            written.append(await entries.write_entry(entry))
        if outcome.refused:
            await entries.write_refused(refused_before.with_added(list(outcome.refused)))
    except MemoryFilesError as error:
        done = f"; written before it: {', '.join(written)}" if written else "; nothing was written"
        raise CommandFailedError(f"{error}{done}") from None
    return written


async def _refresh(index: MemoryIndex, needed: bool) -> list[str]:
    if not needed:
        return []
    try:
        report = await index.refresh()
    except MemoryIndexError as error:  # the entries are written: the next search rebuilds the index
        return [f"warning: {error}"]
    return [f"index: {report.entries} entries"]


def _left(outcome: AdmitOutcome) -> list[str]:
    lines = [f"later: {c.entry.title}" for c in outcome.later]
    lines += [f"not reviewed: {c.entry.title}" for c in outcome.unanswered]
    return lines


def _nothing_written(outcome: AdmitOutcome) -> str:
    if outcome.later:
        return "nothing was written: the candidates reviewed were left for later"
    return "nobody answered (or the review was stopped at once): nothing was written"


def _summary(outcome: AdmitOutcome, asked: int) -> str:
    parts = [f"{len(outcome.admitted)} admitted", f"{len(outcome.refused)} refused"]
    if outcome.later:
        parts.append(f"{len(outcome.later)} for later")
    if outcome.unanswered:
        parts.append(f"{len(outcome.unanswered)} not reviewed (the review stopped)")
    return f"{', '.join(parts)} of {asked} candidate{'' if asked == 1 else 's'}"
