"""The lines a change adds, each with its file and its line number in the new version of the file."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from orkeon_engine.domain.git.diff import parse_diff


@dataclass(frozen=True)
class AddedLine:
    path: str
    number: int
    text: str


def added_lines(diff: str) -> Iterator[AddedLine]:
    """Every `+` line of a unified diff (git's format) with the new file's path and line number
    (domain/git/diff.py parses it, as it does for the review)."""
    for file in parse_diff(diff).files:
        for hunk in file.hunks:
            for line in hunk.added():
                yield AddedLine(file.path, line.new_number or 0, line.text)


def file_lines(path: str, text: str) -> Iterator[AddedLine]:
    """Every line of a new file, numbered from 1: all of them are added."""
    for index, line in enumerate(text.splitlines(), start=1):
        yield AddedLine(path, index, line)
