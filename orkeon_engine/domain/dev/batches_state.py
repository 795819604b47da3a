"""batches-state.md: how far /dev-batches took a plan, written by code after every move so a run stopped at
any point goes on where it stopped when the command is typed again.

    # Batches of cart-save

    Plan: .orkeon/work/cart-save/plan.md
    Closed: no

    ## 1. Batches

    ### F1 · done
    - Review: CLEAR
    - Launches: 1
    - Rounds in GAPS: 0
    - Cycles: 2 of 2
    - Commit: 1a2b3c4
    - Assumption: prices are in cents

    ### F2 · blocked
    - Review: BLOCKED — review not run (the reviewer's answer did not parse, even after one extraction)

    ## 2. Log

    - F1 · review CLEAR
    - F1 · launch 1 · cycle 1 · RED failed as it must (tests/test_cart.py)

A batch's state is one of BATCH_STATES; `Correction:` lines hold the rows of the last GAPS verdict, handed to
the next launch; `Closed:` says `no` until the plan's close, then what it did (`pushed issue-7`...).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.dev.plan import batch_number
from orkeon_engine.domain.dev.sections import (
    DevFileError,
    bullets,
    entries,
    entry_heading,
    one_line,
    render_bullets,
    render_section,
    split_sections,
)

BATCHES_STATE_FILE = "batches-state.md"
BatchState = Literal["reviewed", "blocked", "running", "stopped", "gaps", "waiting", "done"]
BATCH_STATES: tuple[BatchState, ...] = ("reviewed", "blocked", "running", "stopped", "gaps", "waiting", "done")
"""reviewed: its review ran, not launched yet; blocked: its review could not run (it runs again next time);
running: launched, its cycles under way; stopped: a cycle's check refused it or the person stopped it;
gaps: its last audit found gaps (it is relaunched); waiting: three audits in GAPS, it waits for the person;
done: VALID and committed."""
MAX_GAPS_ROUNDS = 3
NOT_CLOSED = "no"
_TITLE = re.compile(r"^# Batches of ([A-Za-z0-9_-]+)$")
_HEADING = re.compile(r"^(F[1-9]\d*) · (\w+)$")
_CYCLES = re.compile(r"^(\d+) of (\d+)$")
TITLES = {1: "Batches", 2: "Log"}


@dataclass(frozen=True)
class BatchRecord:
    """Where one batch stands."""

    id: str
    state: BatchState
    review: str = ""
    """The review's outcome: `CLEAR`, `FINDINGS (…)`, or `BLOCKED — review not run (<reason>)`."""
    launches: int = 0
    rounds: int = 0
    """Audits in GAPS since the last VALID."""
    cycles_done: int = 0
    cycles: int = 0
    commit: str = ""
    corrections: tuple[str, ...] = ()
    assumptions: tuple[str, ...] = ()


@dataclass(frozen=True)
class BatchesState:
    code: str
    plan: str
    batches: tuple[BatchRecord, ...] = ()
    log: tuple[str, ...] = ()
    closed: str = NOT_CLOSED

    def record(self, batch_id: str) -> BatchRecord | None:
        return next((b for b in self.batches if b.id == batch_id), None)

    def done(self) -> frozenset[str]:
        return frozenset(b.id for b in self.batches if b.state == "done")

    def put(self, record: BatchRecord, *log: str) -> BatchesState:
        """The state with `record` in place of its batch's (added in id order when new: batches running at once
        are written in any order), and `log` lines added."""
        placed = sorted([*(b for b in self.batches if b.id != record.id), record], key=lambda b: batch_number(b.id))
        return dataclasses.replace(self, batches=tuple(placed),
                                   log=(*self.log, *(f"{record.id} · {one_line(line)}" for line in log)))


def blocked_review(reason: str) -> str:
    """The review line of a batch whose review could not run."""
    return f"BLOCKED — review not run ({one_line(reason)})"


def render_batches_state(state: BatchesState) -> str:
    lines = [f"# Batches of {state.code}", "", f"Plan: {state.plan}", f"Closed: {state.closed}", ""]
    body: list[str] = []
    for record in state.batches:
        body += [entry_heading(f"{record.id} · {record.state}"), *_record_lines(record), ""]
    lines += render_section(1, TITLES[1], body[:-1])
    lines += render_section(2, TITLES[2], render_bullets(state.log))
    return "\n".join(lines).rstrip("\n") + "\n"


def _record_lines(record: BatchRecord) -> list[str]:
    lines = [f"- Review: {record.review}"] if record.review else []
    lines += [f"- Launches: {record.launches}", f"- Rounds in GAPS: {record.rounds}",
              f"- Cycles: {record.cycles_done} of {record.cycles}"]
    lines += [f"- Commit: {record.commit}"] if record.commit else []
    lines += [f"- Correction: {row}" for row in record.corrections]
    lines += [f"- Assumption: {text}" for text in record.assumptions]
    return lines


def parse_batches_state(text: str, file: str = BATCHES_STATE_FILE) -> BatchesState:
    """The state a batches-state.md holds; DevFileError naming the file and the line that does not read."""
    head, sections = split_sections(text, file)
    title = next((found for line in head if (found := _TITLE.match(line.strip()))), None)
    if title is None:
        raise DevFileError(f"{file}: it does not open with `# Batches of <code>`")
    values = {key: value.strip() for line in head if ": " in line for key, _, value in [line.partition(": ")]}
    batches = tuple(_record(heading, body, file) for heading, body in
                    entries(sections[1].lines if 1 in sections else ()))
    log = bullets(sections[2].lines) if 2 in sections else ()
    return BatchesState(title.group(1), values.get("Plan", ""), batches, log, values.get("Closed", NOT_CLOSED))


def _record(heading: str, body: Sequence[str], file: str) -> BatchRecord:
    found = _HEADING.match(heading)
    if found is None or found.group(2) not in BATCH_STATES:
        raise DevFileError(f"{file}: `### {heading}` is no `### F<n> · <state>` heading (states: "
                           f"{', '.join(BATCH_STATES)})")
    pairs = [line[2:].partition(": ") for line in body if line.startswith("- ")]
    single = {key: value.strip() for key, _, value in reversed(pairs)}
    cycles = _CYCLES.match(single.get("Cycles", "0 of 0"))
    try:
        launches, rounds = int(single.get("Launches", "0")), int(single.get("Rounds in GAPS", "0"))
    except ValueError:
        raise DevFileError(f"{file}: {found.group(1)}'s Launches and Rounds in GAPS must be numbers") from None
    if cycles is None:
        raise DevFileError(f"{file}: {found.group(1)}'s `- Cycles:` line must read `<done> of <all>`")
    state: BatchState = found.group(2)  # type: ignore[assignment]  # checked against BATCH_STATES above
    return BatchRecord(found.group(1), state, single.get("Review", ""), launches, rounds, int(cycles.group(1)),
                       int(cycles.group(2)), single.get("Commit", ""),
                       tuple(v.strip() for k, _, v in pairs if k == "Correction"),
                       tuple(v.strip() for k, _, v in pairs if k == "Assumption"))
