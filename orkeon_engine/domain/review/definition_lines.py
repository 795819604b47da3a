"""Definition lines in a diff, and the added lines of the body each one opens.

A review finding that points at the line opening a function or class (`def orders_of(...)`) while its
problem lies in one statement of the body is what small models write most often: they name the function
instead of the line. `added_body` gives that definition's added lines, so the review can ask which one holds
the problem (crews/code_review/pinpoint.py). A definition line is recognised by its leading keyword in the
languages most projects hold (Python, JavaScript and TypeScript, Go, Rust, Kotlin, Swift, Ruby, PHP); a
language without one (a Java or C method) is simply not recognised, and its findings stay where they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from orkeon_engine.domain.git.diff import DiffLine, FileDiff

MAX_BODY_LINES = 40
"""A body longer than this is not offered: past a screenful the question is no longer small."""

_DEFINITION = re.compile(
    r"^\s*(?:(?:export|default|public|private|protected|internal|static|abstract|final|override|open|"
    r"pub(?:\([^)]*\))?|async|unsafe|const)\s+)*"
    r"(?:def|class|function\*?|fn|func|fun|impl|struct|interface|module|trait|enum)\b"
)


@dataclass(frozen=True)
class DefinitionBody:
    """A definition's opening line and the added, non-blank lines of its body that follow it in the hunk."""

    opener: DiffLine
    body: tuple[DiffLine, ...]

    @property
    def lines(self) -> tuple[DiffLine, ...]:
        """The opener first, then the body: every line the problem may be on."""
        return (self.opener, *self.body)


def is_definition(text: str) -> bool:
    """Whether the line opens a function, method, class or type by its keyword."""
    return bool(_DEFINITION.match(text))


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def added_body(file: FileDiff, new_number: int) -> DefinitionBody | None:
    """The definition opened by the added line `new_number`, with its added body lines; None when that line
    is not an added definition line, when no added line of its body is in the hunk, or when the body is over
    MAX_BODY_LINES lines."""
    opener = file.added_line(new_number)
    hunk = file.hunk_at(new_number)
    if opener is None or hunk is None or not is_definition(opener.text):
        return None
    depth = _indent(opener.text)
    start = hunk.lines.index(opener) + 1
    body: list[DiffLine] = []
    for line in hunk.lines[start:]:
        if line.kind == "removed" or not line.text.strip():
            continue
        if _indent(line.text) <= depth:  # back at the opener's depth (a closing brace too): the body ended
            break
        if line.kind == "added":
            body.append(line)
    if not body or len(body) > MAX_BODY_LINES:
        return None
    return DefinitionBody(opener, tuple(body))
