"""Findings that follow the text: re-anchored as a document is edited, and found again in a file's text.

`follow_changes` takes the edits the editor reports (LSP content changes, positions 0-based) and the
document's text after them: an edit above a finding moves it by the lines it added or removed; an edit that
touches the quoted line keeps the finding on the quoted text when it is still there, nearby. A finding whose
quoted text is no longer there (a typo in the line, the line cut) is hidden, not lost: it stays where its
line was, and shows again when the text comes back (an undo), until the next review replaces it.
`relocate` finds a stored finding in a file's current text (after a restart, or when a staged change
differs from the working copy): on its line, else on the nearest line that quotes it, else nowhere (hidden).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.review.anchoring import quote_matches
from orkeon_engine.domain.review.findings import Finding

NEARBY_LINES = 3
"""How far from its line a finding whose line no edit touched is looked for when the text differs."""


@dataclass(frozen=True)
class TextChange:
    """One edit: the range it replaced (0-based lines and characters, end exclusive) and the new text.

    `start_line` None means the whole document was replaced."""

    text: str
    start_line: int | None = None
    start_char: int = 0
    end_line: int = 0
    end_char: int = 0


@dataclass(frozen=True)
class Followed:
    """The findings of one document after its edits, each where its line is now, and the ids of those
    whose quoted text is not there (hidden until it comes back)."""

    kept: tuple[Finding, ...]
    hidden: tuple[str, ...]


def follow_changes(findings: Sequence[Finding], changes: Sequence[TextChange], new_lines: Sequence[str]) -> Followed:
    """Where each finding of one document is after `changes`, given the text they produced."""
    kept: list[Finding] = []
    hidden: list[str] = []
    for finding in findings:
        followed = follow_one(finding, changes, new_lines)
        kept.append(followed)
        if not quotes(followed, new_lines):
            hidden.append(finding.id)
    return Followed(tuple(kept), tuple(hidden))


def quotes(finding: Finding, lines: Sequence[str]) -> bool:
    """Whether the finding's line reads as it quotes (a finding that does not is hidden)."""
    index = finding.line - 1
    return 0 <= index < len(lines) and quote_matches(finding.quote, lines[index])


def follow_one(finding: Finding, changes: Sequence[TextChange], new_lines: Sequence[str]) -> Finding:
    """The finding after the edits: on its quoted text when it is there or nearby, else where its line was
    (then hidden: `quotes` is false)."""
    first = finding.line - 1
    last = finding.end_line - 1
    touched: tuple[int, int] | None = None
    for change in changes:
        if change.start_line is None:
            at = finding.moved(first + 1, last + 1)
            return relocate(at, new_lines) or at
        start = change.start_line
        added = change.text.count("\n")
        delta = added - (change.end_line - start)
        if _ends_before_line(change, first):
            first, last = first + delta, last + delta
            touched = None if touched is None else (touched[0] + delta, touched[1] + delta)
        elif start > last:
            continue
        elif start > first:
            last = max(first, last + delta)
        else:
            touched = _widen(touched, start, start + added)
            first, last = start, max(start, last + delta)
    moved = finding.moved(first + 1, last + 1)
    if quotes(moved, new_lines):
        return moved
    low, high = (first - NEARBY_LINES, first + NEARBY_LINES) if touched is None else touched
    return _nearest(moved, new_lines, low, high) or moved


def _ends_before_line(change: TextChange, first: int) -> bool:
    """The edit ends before the quoted line's text begins, which then still starts a line: it only moves."""
    assert change.start_line is not None
    if change.end_line < first:
        return True
    if change.end_line == first and change.end_char == 0:
        return change.text.endswith("\n") or (change.text == "" and change.start_char == 0)
    return False


def _widen(span: tuple[int, int] | None, start: int, end: int) -> tuple[int, int]:
    return (start, end) if span is None else (min(span[0], start), max(span[1], end))


def _nearest(finding: Finding, lines: Sequence[str], low: int, high: int) -> Finding | None:
    best: int | None = None
    for index in range(max(0, low), min(len(lines), high + 1)):
        if quote_matches(finding.quote, lines[index]) and (
            best is None or abs(index - (finding.line - 1)) < abs(best - (finding.line - 1))
        ):
            best = index
    return None if best is None else finding.moved(best + 1)


def relocate(finding: Finding, lines: Sequence[str]) -> Finding | None:
    """The finding on its line when the line still quotes it, else on the nearest line that does, else None
    (no line quotes it: the finding is hidden)."""
    if quotes(finding, lines):
        return finding
    return _nearest(finding, lines, 0, len(lines) - 1)
