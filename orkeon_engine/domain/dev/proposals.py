"""/dev-learn's material and its record: the untreated rows of the verdicts (each named `<code>/F<n>/V<k>`),
the motifs the model sorts them into checked by code, and `PROPOSALS.md`, written by code under the work
folder.

A motif gathers rows of one axis that share one cause; code keeps it only when every row it names exists,
is untreated and of that axis, when its rows span at least three batches, and when its owner (the file its
preventive line goes into) is a file of the project; three motifs at most. A proposal keeps its status
(`proposed` as code writes it; the person turns it to `accepted` or `refused`), so a motif refused once is
skipped next time, with the word that would find it at its owner.

    # Proposals

    ## P1 · tests · proposed
    A batch's tests pass while the case its step names is never called.
    - Line: every test of a sheet's step calls the function the step anchors
    - Kind: check
    - Owner: tests/test_architecture.py
    - Rows: cart-save/F1/V1, cart-save/F2/V2, total-zero/F1/V1

    ## Skipped

    - P2 (refused): the owner keeps no list of names yet; the word: `fixtures`

    ## Dropped

    - motif on scope (filter: three batches): its rows span 2 batches
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from orkeon_engine.domain.dev.sections import (
    DevFileError,
    bullets,
    entries,
    first_plain_line,
    heading_index,
    key_values,
    one_line,
)
from orkeon_engine.domain.dev.verdict import AXES, Axis, RowSeverity, Verdict

PROPOSALS_FILE = "PROPOSALS.md"
MAX_MOTIFS = 3
MIN_BATCHES = 3
MAX_LINE_CHARS = 400
ProposalStatus = Literal["proposed", "accepted", "refused"]
PROPOSAL_STATUSES: tuple[ProposalStatus, ...] = get_args(ProposalStatus)
LineKind = Literal["check", "rule"]
LINE_KINDS: tuple[LineKind, ...] = get_args(LineKind)
_TITLE = "# Proposals"
_HEADING = re.compile(r"^## (P[1-9]\d*) · ([a-z]+) · (proposed|accepted|refused)$")
_ROW_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*/F[1-9]\d*/V[1-9]\d*$")


@dataclass(frozen=True)
class LearnRow:
    """One untreated verdict row, as /dev-learn reads it."""

    id: str
    """`<code>/F<n>/V<k>`."""
    axis: Axis
    severity: RowSeverity
    cites: str
    text: str

    @property
    def batch(self) -> str:
        """`<code>/F<n>`: the batch the row was found in."""
        return self.id.rsplit("/", 1)[0]


def untreated_rows(verdicts: Iterable[Verdict]) -> list[LearnRow]:
    """Every untreated row of the verdicts, each with its id."""
    return [LearnRow(f"{verdict.code}/{verdict.batch}/V{number}", row.axis, row.severity, row.cites, row.text)
            for verdict in verdicts for number, row in enumerate(verdict.rows, 1) if not row.treated]


def by_axis(rows: Iterable[LearnRow]) -> dict[Axis, list[LearnRow]]:
    """The rows of each axis that has some, in the axes' order."""
    found: dict[Axis, list[LearnRow]] = {}
    for axis in AXES:
        mine = [row for row in rows if row.axis == axis]
        if mine:
            found[axis] = mine
    return found


def batches_of(rows: Iterable[LearnRow]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(row.batch for row in rows))


@dataclass(frozen=True)
class Proposal:
    """One motif turned into a proposal: its axis, status, cause, preventive line, kind, owner and rows."""

    id: str
    axis: Axis
    status: ProposalStatus
    cause: str
    line: str
    kind: LineKind
    owner: str
    rows: tuple[str, ...]


@dataclass(frozen=True)
class ProposalBook:
    """PROPOSALS.md: every proposal so far, and what the last run skipped and dropped."""

    proposals: tuple[Proposal, ...] = ()
    skipped: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()

    @property
    def refused(self) -> tuple[Proposal, ...]:
        return tuple(p for p in self.proposals if p.status == "refused")

    def next_id(self, offset: int = 0) -> str:
        """The id after the highest one written (a proposal deleted by hand never frees its id)."""
        return f"P{max((int(p.id[1:]) for p in self.proposals), default=0) + 1 + offset}"


@dataclass(frozen=True)
class Motif:
    """A motif as the model gave it, before code checks it."""

    cause: str
    rows: tuple[str, ...]
    line: str
    kind: LineKind
    owner: str


def check_motif(motif: Motif, axis: Axis, rows: Mapping[str, LearnRow],
                files: Collection[str]) -> tuple[Motif | None, str]:
    """The motif cleaned, or None with why code drops it: a row it names that is not an untreated row of the
    axis, fewer than three batches, an owner that is no file of the project, no cause or no line."""
    cause, line, owner = one_line(motif.cause), one_line(motif.line), one_line(motif.owner)
    owner = owner.removeprefix("/workspace/").strip("`")
    named = tuple(dict.fromkeys(one_line(row) for row in motif.rows))
    unknown = [row for row in named if row not in rows]
    label = f"motif {cause[:80] or '(no cause)'}"
    if not cause or not line:
        return None, f"{label} (filter: complete): it has no cause or no preventive line"
    if unknown:
        return None, (f"{label} (filter: rows): {', '.join(unknown)}: no untreated row of the {axis} axis, or one "
                      "another motif took")
    spanned = batches_of(rows[row] for row in named)
    if len(spanned) < MIN_BATCHES:
        return None, (f"{label} (filter: three batches): its rows span {len(spanned)} "
                      f"batch{'es' if len(spanned) != 1 else ''}")
    if owner not in files:
        return None, f"{label} (filter: owner): {owner or '(none)'} is no file of the project"
    if len(line) > MAX_LINE_CHARS:
        return None, f"{label} (filter: line): its preventive line is over {MAX_LINE_CHARS} characters"
    return Motif(cause, named, line, motif.kind, owner), ""


# --- PROPOSALS.md -----------------------------------------------------------------------------------------


def render_proposals(book: ProposalBook) -> str:
    lines = [_TITLE, ""]
    for proposal in book.proposals:
        lines += [f"## {proposal.id} · {proposal.axis} · {proposal.status}", proposal.cause,
                  f"- Line: {proposal.line}", f"- Kind: {proposal.kind}", f"- Owner: {proposal.owner}",
                  f"- Rows: {', '.join(proposal.rows)}", ""]
    lines += ["## Skipped", "", *([f"- {item}" for item in book.skipped] or ["_None._"]), "",
              "## Dropped", "", *([f"- {item}" for item in book.dropped] or ["_None._"])]
    return "\n".join(lines) + "\n"


def parse_proposals(text: str, file: str = PROPOSALS_FILE) -> ProposalBook:
    """The proposals a file holds; DevFileError naming the file and what is wrong when it does not read as one."""
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != _TITLE:
        raise DevFileError(f"{file}: it does not open with `{_TITLE}`")
    skipped_at = heading_index(lines, "## Skipped", file)
    dropped_at = heading_index(lines, "## Dropped", file)
    blocks = [(heading, body) for heading, body in entries(["### " + line[3:] if line.startswith("## ") else line
                                                           for line in lines[1:skipped_at]])]
    proposals = tuple(_parsed(heading, body, file) for heading, body in blocks)
    return ProposalBook(proposals, bullets(lines[skipped_at:dropped_at]), bullets(lines[dropped_at:]))


def _parsed(heading: str, body: Sequence[str], file: str) -> Proposal:
    found = _HEADING.match(f"## {heading}")
    if found is None or found.group(2) not in AXES:
        raise DevFileError(f"{file}: `## {heading}` is no `## P<n> · <axis> · proposed|accepted|refused` heading")
    values = key_values(body)
    kind = values.get("Kind", "")
    if kind not in LINE_KINDS:
        raise DevFileError(f"{file}: {found.group(1)} says `Kind: {kind}`; expected check or rule")
    rows = tuple(row for row in values.get("Rows", "").split(", ") if row)
    bad = next((row for row in rows if _ROW_ID.match(row) is None), None)
    if bad is not None:
        raise DevFileError(f"{file}: {found.group(1)} names the row {bad!r}; expected <code>/F<n>/V<k>")
    return Proposal(found.group(1), found.group(2), found.group(3), first_plain_line(body),  # type: ignore[arg-type]
                    values.get("Line", ""), kind, values.get("Owner", ""), rows)  # type: ignore[arg-type]
