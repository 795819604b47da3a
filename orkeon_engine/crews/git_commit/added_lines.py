"""The lines a change adds, each with its file and its line number in the new version of the file."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@")


@dataclass(frozen=True)
class AddedLine:
    path: str
    number: int
    text: str


def added_lines(diff: str) -> Iterator[AddedLine]:
    """Every `+` line of a unified diff (git's format) with the new file's path and line number."""
    path: str | None = None
    number = 0
    in_hunk = False
    for line in diff.splitlines():
        if line.startswith("diff --git "):
            path, in_hunk = None, False
            continue
        if not in_hunk and line.startswith("+++ "):
            path = _new_path(line[4:])
            continue
        match = _HUNK.match(line)
        if match:
            number, in_hunk = int(match.group(1)), True
            continue
        if not in_hunk or path is None:
            continue
        if line.startswith("+"):
            yield AddedLine(path, number, line[1:])
            number += 1
        elif line.startswith(" ") or line == "":
            number += 1
        elif not line.startswith(("-", "\\")):
            in_hunk = False


def file_lines(path: str, text: str) -> Iterator[AddedLine]:
    """Every line of a new file, numbered from 1: all of them are added."""
    for index, line in enumerate(text.splitlines(), start=1):
        yield AddedLine(path, index, line)


def _new_path(target: str) -> str | None:
    target = target.rstrip("\t")
    if target == "/dev/null":
        return None
    if target.startswith('"') and target.endswith('"'):
        target = target[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
        target = target.encode("latin-1", "replace").decode("utf-8", "replace")
    return target[2:] if target.startswith("b/") else target
