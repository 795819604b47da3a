"""A file's lines as the tools count and show them: `split_lines` (file_read's numbering, which the edit
tools, the syntax guard and the request's word search share) and `numbered` (lines shown with their
numbers, as file_read shows them)."""

from __future__ import annotations

from collections.abc import Sequence


def split_lines(text: str) -> list[str]:
    """The file's lines as an editor counts them: split at line feeds only (a form feed or a lone carriage
    return opens no line); a final newline ends the last line, it opens no new one."""
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def numbered(lines: Sequence[str], first: int) -> str:
    """`lines` with their numbers from `first`, right-aligned, a tab before each line's text."""
    width = len(str(first + len(lines) - 1))
    return "\n".join(f"{first + index:>{width}}\t{line}" for index, line in enumerate(lines)).rstrip()
