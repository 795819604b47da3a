"""Markdown code fences: the lines of a text outside them.

A fence opens with a line of three or more backquotes (or tildes) and an optional info string, and closes
with a line of at least as many of the same character and nothing else (indented three spaces at most), as
CommonMark has it: a file put in
a prompt inside four backquotes (context_files.fence_for) holds its own three-backquote lines without
closing it, and a "```python" line inside a block does not end it. An unclosed fence runs to the end.
`prose_lines` gives the lines outside the fences, `fenced_blocks` the fences themselves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_OPENER = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CLOSER = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*$")


def prose_lines(text: str) -> list[str]:
    """The lines of `text` outside its fenced code blocks, fence lines left out, in order."""
    kept: list[str] = []
    fence = ""
    for line in text.splitlines():
        if fence:
            closer = _CLOSER.match(line)
            if closer is not None and closer.group(1)[0] == fence[0] and len(closer.group(1)) >= len(fence):
                fence = ""
            continue
        opened = _OPENER.match(line)
        if opened is not None and not (opened.group(1)[0] == "`" and "`" in line[opened.end():]):
            fence = opened.group(1)
            continue
        kept.append(line)
    return kept


@dataclass(frozen=True)
class Fenced:
    """One fenced block of a text's lines: its opening and closing lines (0-based; the last line of the text
    for one left open), its info string, and the lines between."""

    start: int
    end: int
    info: str
    body: tuple[str, ...]


def fenced_blocks(lines: list[str]) -> list[Fenced]:
    """The fenced blocks of `lines`, in order."""
    blocks: list[Fenced] = []
    index = 0
    while index < len(lines):
        opened = _OPENER.match(lines[index])
        rest = lines[index][opened.end():] if opened is not None else ""
        if opened is None or (opened.group(1)[0] == "`" and "`" in rest):
            index += 1
            continue
        fence = opened.group(1)
        end = index + 1
        while end < len(lines):
            closer = _CLOSER.match(lines[end])
            if closer is not None and closer.group(1)[0] == fence[0] and len(closer.group(1)) >= len(fence):
                break
            end += 1
        blocks.append(Fenced(index, min(end, len(lines) - 1), rest.strip(), tuple(lines[index + 1:end])))
        index = end + 1
    return blocks
