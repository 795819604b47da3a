"""Markdown code fences: the lines of a text outside them.

A fence opens with a line of three or more backquotes (or tildes) and an optional info string, and closes
with a line of at least as many of the same character and nothing else (indented three spaces at most), as
CommonMark has it: a file put in
a prompt inside four backquotes (context_files.fence_for) holds its own three-backquote lines without
closing it, and a "```python" line inside a block does not end it. An unclosed fence runs to the end.
"""

from __future__ import annotations

import re

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
