"""What each replaced line of a diff changed, word by word, as a review's request lists it beside the diff.

A diff shows a changed line whole, twice; the change itself may be one word in forty (`<` for `>=`, a dropped
`.strip()`, two arguments in the other order), and a reader skims past it. Code knows it exactly: where a run
of removed lines is followed by as many added lines, each pair is cut into words (names, numbers, operators,
single punctuation), what the two share at the start and at the end is left out, and what is left is the
change: `` `item, number` → `number, item` ``, `` `.strip()` removed ``, `` `3` → `4` ``. A pair with nothing
in common, or a change too long to read at a glance, is not listed: the diff shows it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.git.diff import Diff, DiffLine, Hunk

MAX_SPAN_CHARS = 80
"""A change longer than this on either side is not listed."""
MAX_CHANGES = 30
MAX_CHARS = 2_000

_TOKEN = re.compile(r"\w+|===|!==|==|!=|<=|>=|=>|->|&&|\|\||\*\*|//|<<|>>|[^\w\s]")


@dataclass(frozen=True)
class WordChange:
    """On line `line` of `path` (new file), the words `old` became `new` (either may be empty)."""

    path: str
    line: int
    old: str
    new: str

    def describe(self) -> str:
        if not self.new:
            return f"`{self.old}` removed"
        if not self.old:
            return f"`{self.new}` added"
        return f"`{self.old}` → `{self.new}`"


def word_changes(diff: Diff) -> tuple[WordChange, ...]:
    """Every listed change of the diff, file by file in line order, at most MAX_CHANGES."""
    found: list[WordChange] = []
    for file in diff.files:
        for hunk in file.hunks:
            for old, new in _pairs(hunk):
                change = _change(file.path, old, new)
                if change is not None:
                    found.append(change)
    return tuple(found[:MAX_CHANGES])


def _pairs(hunk: Hunk) -> list[tuple[DiffLine, DiffLine]]:
    """Each removed line paired with the added line in its place, where a run of removed lines is followed by
    as many added ones."""
    return [pair for removed, added in hunk.replaced_runs if len(removed) == len(added)
            for pair in zip(removed, added, strict=True)]


def _change(path: str, old: DiffLine, new: DiffLine) -> WordChange | None:
    before = list(_TOKEN.finditer(old.text))
    after = list(_TOKEN.finditer(new.text))
    if [m.group() for m in before] == [m.group() for m in after] or new.new_number is None:
        return None  # only spaces changed
    start = _shared(before, after)
    end = _shared(before[start:][::-1], after[start:][::-1])
    if start + end == 0:
        return None  # nothing in common: the line was rewritten
    old_span = _span(old.text, before[start:len(before) - end])
    new_span = _span(new.text, after[start:len(after) - end])
    if len(old_span) > MAX_SPAN_CHARS or len(new_span) > MAX_SPAN_CHARS:
        return None
    return WordChange(path, new.new_number, old_span, new_span)


def _shared(left: Sequence[re.Match[str]], right: Sequence[re.Match[str]]) -> int:
    count = 0
    for one, other in zip(left, right, strict=False):
        if one.group() != other.group():
            break
        count += 1
    return count


def _span(text: str, tokens: Sequence[re.Match[str]]) -> str:
    return text[tokens[0].start(): tokens[-1].end()] if tokens else ""


def render_word_changes(changes: Sequence[WordChange]) -> str:
    """One line a change (`- path:line: change`), those past MAX_CHARS left out; empty when there are none."""
    lines: list[str] = []
    size = 0
    for change in changes:
        line = f"- {change.path}:{change.line}: {change.describe()}"
        if size + len(line) > MAX_CHARS:
            break
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)
