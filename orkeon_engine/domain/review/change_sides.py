"""The two sides of the change a finding stands on: the lines a run of the diff removed and the lines added or
standing in their place, so a review can ask whether a problem was already there before the change.

A finding on a line that replaced others (a run of removed lines followed by added ones, or the line standing in
for a removal) has a before; a finding on a line added where nothing was removed has none: whatever it finds,
the change brought.
"""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.git.diff import DiffLine, FileDiff

OLD_PROBLEM_REASON = "severity capped: asked again, the model found the code before the change had the same problem"
"""The reason a finding carries when the review's before check capped it (crews/code_review/before_check.py)."""
MAX_SIDE_LINES = 20
"""A side longer than this is cut to its first lines."""


@dataclass(frozen=True)
class ChangeSides:
    """The removed lines (`before`) and the lines now in their place (`after`), each as the file reads."""

    before: tuple[str, ...]
    after: tuple[str, ...]


def change_sides(file: FileDiff, new_number: int) -> ChangeSides | None:
    """The sides of the change at line `new_number` of `file`; None when nothing was removed there."""
    hunk = file.hunk_at(new_number)
    if hunk is None:
        return None
    for removed, added in hunk.replaced_runs:
        if any(line.new_number == new_number for line in added):
            return _sides(removed, added)
        if not added and _stands_in(hunk.removed_places, removed, new_number):
            return _sides(removed, ())
    return None


def _stands_in(places: tuple[tuple[DiffLine, DiffLine], ...], removed: tuple[DiffLine, ...], number: int) -> bool:
    return any(gone in removed and place.new_number == number for gone, place in places)


def _sides(removed: tuple[DiffLine, ...], added: tuple[DiffLine, ...]) -> ChangeSides:
    return ChangeSides(tuple(line.text for line in removed[:MAX_SIDE_LINES]),
                       tuple(line.text for line in added[:MAX_SIDE_LINES]))
