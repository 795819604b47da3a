"""What stands of the model's findings, decided by code: anchored on the diff, deduplicated, ranked.

The rules, in order, for one proposal:
1. its path is a file of the diff;
2. it quotes a line: any line of the quote, without a copied `  12 + ` prefix, a diff's leading `+` or
   surrounding backticks, whitespace folded; a quote of MIN_PARTIAL_QUOTE characters or more may be a part
   of the line;
3. `line` is a pointable line whose text matches the quote: it stands there (a pointable line is an added
   one or, where lines were only removed, the line that stands in their place: Hunk.pointable);
4. otherwise the quote matches another pointable line of the hunk that holds `line`: it moves to the nearest;
   or it matches a line the change removed from that hunk (the hunk is also found by `line` read as a number
   of the old file, as a removed line is numbered there): it moves to where that removal is judged, the first
   line added in its place or the line that stands in for it (Hunk.removed_places), since a finding that
   quotes what the change took out is about the removal;
5. otherwise the quote is like a pointable line of that hunk (difflib's ratio of at least FUZZY_MIN,
   whitespace folded: a quote the model retyped with a slip): it moves to the likest, the nearest of equals;
6. otherwise, when `line` is a pointable line, it stands there, anchored by the number printed beside the
   line (`Finding.by_number`: the report says how many were), since the number is what a model copies best;
7. otherwise it is dropped, with its reason and its kind (DROP_KINDS) counted.
A proposal whose path, quote and lens were dismissed before is left out. Findings on the same line merge
when their titles say the same thing, or when a later pass of the same lens repeated one; two with the same
id (the same title of the same lens on two lines that read alike) merge too, so ids stay unique; each merged
one is kept as a Dropped of the kind "duplicate". The rest are ranked by severity, then lens.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from orkeon_engine.domain.git.diff import Diff, DiffLine, FileDiff, Hunk
from orkeon_engine.domain.review.findings import DismissKey, Finding, Severity, fold_whitespace, rank_key, ranked

MIN_PARTIAL_QUOTE = 8
"""A quote shorter than this must match the whole line; a longer one may be a part of it."""
FUZZY_MIN = 0.8
"""How alike (difflib's ratio) a quote and an added line must be for the quote to move the finding there."""
OUTSIDE_DIFF = "outside the diff"
NOT_CHANGED = "not on a changed line"
QUOTE_NOT_FOUND = "quote not found"
DUPLICATE = "duplicate"
DROP_KINDS: tuple[str, ...] = (QUOTE_NOT_FOUND, NOT_CHANGED, OUTSIDE_DIFF, DUPLICATE)
"""Why a proposal did not stand, in the words the closing line counts them with."""

_LINE_PREFIX = re.compile(r"^\s*\d+\s[+ ]\s")
_DIFF_MARK = re.compile(r"^\+(?!\+)")


@dataclass(frozen=True)
class Proposal:
    """A finding as a lens proposed it, before code checked it."""

    path: str
    line: int
    quote: str
    severity: Severity
    lens: str
    title: str
    detail: str = ""
    end_line: int | None = None
    replacement: str | None = None
    pass_index: int = 0


@dataclass(frozen=True)
class Dropped:
    """A proposal that did not stand, and why."""

    proposal: Proposal
    reason: str
    kind: str = ""
    """One of DROP_KINDS ("" when not given: the reason is then shown as it is)."""

    @property
    def why(self) -> str:
        return self.kind or self.reason


@dataclass(frozen=True)
class Settled:
    """The outcome of the rules: the ranked findings, the dropped proposals, and what was merged or skipped."""

    findings: tuple[Finding, ...]
    dropped: tuple[Dropped, ...] = ()
    merged: int = 0
    dismissed: int = 0
    moved: int = field(default=0)
    by_number: int = 0
    """Findings that stand on the line they named although their quote matched no line (rule 6)."""


def quote_line(quote: str) -> str:
    """The line a quote stands for: its first non-blank line, cleaned (quote_lines)."""
    lines = quote_lines(quote)
    return lines[0] if lines else ""


def quote_lines(quote: str) -> list[str]:
    """Every non-blank line of a quote, without a copied `  12 + ` prefix, a diff's leading `+` or the
    backticks around it."""
    lines = []
    for raw in quote.split("\n"):
        line = _LINE_PREFIX.sub("", raw, count=1) if _LINE_PREFIX.match(raw) else raw
        line = _DIFF_MARK.sub("", line.strip(), count=1).strip().strip("`").strip()
        if line:
            lines.append(line)
    return lines


def quote_matches(quote: str, text: str) -> bool:
    """Whether a line of the quote is the line's text, whitespace folded (or, when long enough, a part of it)."""
    have = fold_whitespace(text)
    return any(_matches_folded(wanted, have) for wanted in _wanted(quote))


def _wanted(quote: str) -> list[str]:
    return [folded for line in quote_lines(quote) if (folded := fold_whitespace(line))]


def _matches_folded(wanted: str, have: str) -> bool:
    return bool(wanted) and (wanted == have or (len(wanted) >= MIN_PARTIAL_QUOTE and wanted in have))


def _any_matches(wanted: Sequence[str], have: str) -> bool:
    return any(_matches_folded(one, have) for one in wanted)


def anchor_finding(proposal: Proposal, diff: Diff) -> Finding | Dropped:
    """The finding the proposal becomes on this diff, or why it is dropped."""
    file = diff.file(proposal.path)
    if file is None:
        return Dropped(proposal, "its path is not in the diff", OUTSIDE_DIFF)
    wanted = _wanted(proposal.quote)
    if not wanted:
        return Dropped(proposal, "it quotes no line", QUOTE_NOT_FOUND)
    line = file.pointable_line(proposal.line)
    if line is not None and _any_matches(wanted, fold_whitespace(line.text)):
        return _finding(proposal, file, line)
    hunk = file.hunk_at(proposal.line)
    if hunk is None:
        removed = _removed_quoted(file.hunk_at_old(proposal.line), wanted)  # named by its number in the old file
        if removed:
            return _finding(proposal, file, min(removed, key=lambda c: _distance(c, proposal.line)))
        return Dropped(proposal, f"line {proposal.line} is outside the changed lines", NOT_CHANGED)
    matches = [candidate for candidate, folded in hunk.folded_pointable if _any_matches(wanted, folded)]
    if matches:
        return _finding(proposal, file, min(matches, key=lambda c: _distance(c, proposal.line)))
    removed = _removed_quoted(hunk, wanted)
    if removed:
        return _finding(proposal, file, min(removed, key=lambda c: _distance(c, proposal.line)))
    alike = [(_likeness(wanted, folded), candidate) for candidate, folded in hunk.folded_pointable]
    best = max((score for score, _ in alike), default=0.0)
    if best >= FUZZY_MIN:
        likest = [candidate for score, candidate in alike if score == best]
        return _finding(proposal, file, min(likest, key=lambda c: _distance(c, proposal.line)))
    if line is not None:
        return replace(_finding(proposal, file, line), by_number=True)
    return Dropped(proposal, "its quote matches no changed line of its hunk", QUOTE_NOT_FOUND)


def _removed_quoted(hunk: Hunk | None, wanted: Sequence[str]) -> list[DiffLine]:
    """The lines where the hunk's removed lines that the quote matches are judged (Hunk.removed_places): a
    finding that quotes what the change took out is about that removal."""
    if hunk is None:
        return []
    return [place for removed, place in hunk.removed_places if _any_matches(wanted, fold_whitespace(removed.text))]


def _distance(candidate: DiffLine, line: int) -> tuple[int, int]:
    return abs((candidate.new_number or 0) - line), candidate.new_number or 0


def _likeness(wanted: Sequence[str], folded: str) -> float:
    """How alike the likest line of the quote is to an added line's folded text (0 to 1)."""
    from difflib import SequenceMatcher  # on first use: the language server's start does not need it

    return max((SequenceMatcher(None, one, folded, autojunk=False).ratio() for one in wanted), default=0.0)


def _finding(proposal: Proposal, file: FileDiff, line: DiffLine) -> Finding:
    number = line.new_number or proposal.line
    delta = number - proposal.line
    end = number if proposal.end_line is None else proposal.end_line + delta
    hunk = file.hunk_at(number)
    last = hunk.new_end if hunk is not None else number
    return Finding(
        path=file.path,
        line=number,
        end_line=min(max(end, number), max(last, number)),
        quote=line.text,
        severity=proposal.severity,
        lens=proposal.lens,
        title=proposal.title.strip(),
        detail=proposal.detail.strip(),
        replacement=proposal.replacement,
    )


def settle_findings(proposals: Iterable[Proposal], diff: Diff,
                    dismissed: frozenset[DismissKey] = frozenset()) -> Settled:
    """Anchor every proposal, leave out the dismissed ones, merge duplicates, rank the rest."""
    standing: list[tuple[Finding, int]] = []
    dropped: list[Dropped] = []
    skipped = 0
    moved = 0
    by_number = 0
    for proposal in proposals:
        outcome = anchor_finding(proposal, diff)
        if isinstance(outcome, Dropped):
            dropped.append(outcome)
        elif outcome.dismiss_key in dismissed:
            skipped += 1
        else:
            moved += outcome.line != proposal.line
            by_number += outcome.by_number
            standing.append((outcome, proposal.pass_index))
    findings, absorbed = merge_duplicates(standing)
    dropped.extend(Dropped(_as_proposal(duplicate), f"a duplicate of {keeper.id} ({keeper.path}:{keeper.line})",
                           DUPLICATE) for duplicate, keeper in absorbed)
    return Settled(ranked(findings), tuple(dropped), len(absorbed), skipped, moved, by_number)


def _as_proposal(finding: Finding) -> Proposal:
    return Proposal(finding.path, finding.line, finding.quote, finding.severity, finding.lens, finding.title,
                    finding.detail, finding.end_line, finding.replacement)


def _title_key(title: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", title.lower()))


def is_duplicate(first: Finding, first_pass: int, second: Finding, second_pass: int) -> bool:
    """The same id; or the same line and title; or the same lens on the same line in a later pass."""
    if first.id == second.id:
        return True
    if (first.path, first.line) != (second.path, second.line):
        return False
    if _title_key(first.title) == _title_key(second.title):
        return True
    return first.lens == second.lens and first_pass != second_pass


def merge_duplicates(standing: Sequence[tuple[Finding, int]]) -> tuple[list[Finding], list[tuple[Finding, Finding]]]:
    """One finding per duplicate group, the gravest kept; returns the findings and each merged one with the
    finding that absorbed it."""
    kept: list[tuple[Finding, int]] = []
    by_id: dict[str, int] = {}
    by_line: dict[tuple[str, int], list[int]] = {}
    absorbed: list[tuple[Finding, Finding]] = []
    for finding, pass_index in sorted(standing, key=lambda item: (rank_key(item[0]), item[1])):
        same_line = by_line.setdefault((finding.path, finding.line), [])
        candidates = ([by_id[finding.id]] if finding.id in by_id else []) + same_line
        for index in candidates:
            other, other_pass = kept[index]
            if is_duplicate(other, other_pass, finding, pass_index):
                kept[index] = (_absorb(other, finding), other_pass)
                absorbed.append((finding, other))
                break
        else:
            by_id[finding.id] = len(kept)
            same_line.append(len(kept))
            kept.append((finding, pass_index))
    return [finding for finding, _ in kept], absorbed


def _absorb(keeper: Finding, duplicate: Finding) -> Finding:
    also = keeper.also
    for lens in (duplicate.lens, *duplicate.also):
        if lens != keeper.lens and lens not in also:
            also = (*also, lens)
    if keeper.replacement is None and duplicate.replacement is not None:
        return replace(keeper, also=also, replacement=duplicate.replacement, end_line=duplicate.end_line)
    return replace(keeper, also=also)
