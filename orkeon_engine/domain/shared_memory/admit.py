"""/memory admit's pure part: which candidates are asked about, the question shown for each, and what the
answers come to.

A candidate is not asked about when the shared memory already holds an entry with the same key (the slug
of its title), when the refused list holds its key, or when an earlier candidate of the same review has
it. Each of the others is shown alone; the person admits it, refuses it, leaves it for a later review, or
stops the review there. Nobody answering stops it too: what was decided before is applied, the rest is
left as it was (so with no answer at all, nothing is written).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Literal

from orkeon_engine.domain.shared_memory.candidates import Candidate
from orkeon_engine.domain.shared_memory.entries import MemoryEntry
from orkeon_engine.domain.shared_memory.recall import excerpt
from orkeon_engine.domain.shared_memory.refused import RefusedCandidate, RefusedList, refuse

ADMIT = "Admit"
REFUSE = "Refuse"
LATER = "Later"
STOP = "Stop"
CHOICES: tuple[str, ...] = (ADMIT, REFUSE, LATER, STOP)
QUESTION_TEXT_CHARS = 400
Decision = Literal["admit", "refuse", "later"]


@dataclass(frozen=True)
class AdmitPlan:
    """The candidates to ask about, in order, and those set aside with the reason."""

    ask: tuple[Candidate, ...] = ()
    set_aside: tuple[tuple[Candidate, str], ...] = ()


def plan_admission(candidates: Sequence[Candidate], existing: Mapping[str, str], refused: RefusedList) -> AdmitPlan:
    """`existing` maps the key of every entry the shared memory holds to its path."""
    ask: list[Candidate] = []
    aside: list[tuple[Candidate, str]] = []
    seen: set[str] = set()
    for candidate in candidates:
        key = candidate.entry.key
        refused_item = refused.find(candidate.entry.title)
        if key in existing:
            aside.append((candidate, f"already in the shared memory ({existing[key]})"))
        elif refused_item is not None:
            when = f" on {refused_item.refused_on.isoformat()}" if refused_item.refused_on else ""
            aside.append((candidate, f"refused{when} (the refused list)"))
        elif key in seen:
            aside.append((candidate, "proposed twice in this review"))
        else:
            seen.add(key)
            ask.append(candidate)
    return AdmitPlan(tuple(ask), tuple(aside))


def question(candidate: Candidate, number: int, total: int) -> str:
    """What the person reads before answering about one candidate."""
    entry = candidate.entry
    lines = [f"Admit this lesson to the shared memory? ({number} of {total})", entry.title]
    details = [f"source: {entry.source}"] + ([f"tags: {', '.join(entry.tags)}"] if entry.tags else [])
    lines.append("; ".join(details) + f"; from {candidate.where}")
    lines.append(excerpt(entry.text, QUESTION_TEXT_CHARS))
    return "\n".join(lines)


def decision_of(answer: str | None) -> Decision | None:
    """The decision an answer gives; None stops the review (Stop, or nobody answering)."""
    decisions: dict[str, Decision] = {ADMIT: "admit", REFUSE: "refuse", LATER: "later"}
    return decisions.get(answer or "")


@dataclass(frozen=True)
class AdmitOutcome:
    """What the review decided: the entries to write, the refused items to add, what was left."""

    admitted: tuple[MemoryEntry, ...] = ()
    refused: tuple[RefusedCandidate, ...] = ()
    later: tuple[Candidate, ...] = ()
    unanswered: tuple[Candidate, ...] = ()
    stopped: bool = False

    @property
    def writes_anything(self) -> bool:
        return bool(self.admitted or self.refused)


def settle(asked: Sequence[Candidate], decisions: Sequence[Decision], today: date) -> AdmitOutcome:
    """The outcome of a review that got `decisions` for the first candidates of `asked` (fewer when it
    stopped): the admitted ones dated `today`."""
    admitted: list[MemoryEntry] = []
    refused: list[RefusedCandidate] = []
    later: list[Candidate] = []
    for candidate, decision in zip(asked, decisions, strict=False):
        if decision == "admit":
            admitted.append(_dated(candidate.entry, today))
        elif decision == "refuse":
            refused.append(refuse(candidate.entry.title, today))
        else:
            later.append(candidate)
    return AdmitOutcome(tuple(admitted), tuple(refused), tuple(later), tuple(asked[len(decisions):]),
                        stopped=len(decisions) < len(asked))


def _dated(entry: MemoryEntry, today: date) -> MemoryEntry:
    return entry if entry.created is not None else replace(entry, created=today)
