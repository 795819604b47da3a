"""The markdown the work files are written in, read back: the numbered sections (`## 5. Use cases`, never
inside a code fence), the entries under them (`### UC1 · Save a cart`), their `- Key: value` lines, bullet
lists and numbered lists.

Every text a model gave is made one line first (`one_line`): whitespace folded, and the markdown marks it
might start with (`#`, `-`, `*`, `_`, `>`, a code fence) dropped, so no value can pass for a heading or a
bullet and every file code writes reads back as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

NONE_LINE = "_None._"
_SECTION = re.compile(r"^## (\d+)\. (.+)$")
_ENTRY = "### "
_FENCE_OPEN = re.compile(r"^(`{3,})text$")
_NUMBERED = re.compile(r"^\s*(\d+)\. (.*)$")
_LEADING_MARKS = re.compile(r"^(?:[\s#>*_\-+]|`{3,})+")


class DevFileError(ValueError):
    """A work file that does not read as its format; the message names the file, the place and what was expected."""


def one_line(text: str) -> str:
    """A model's text as one clean line: whitespace folded, leading markdown marks dropped."""
    folded = " ".join(text.split())
    return _LEADING_MARKS.sub("", folded).strip()


def clean_lines(items: Iterable[str]) -> tuple[str, ...]:
    """Each text made one line, the empty ones dropped."""
    return tuple(line for line in (one_line(item) for item in items) if line)


@dataclass(frozen=True)
class Section:
    """One numbered section: its number, its title, and the lines under it (blank lines at its ends dropped)."""

    number: int
    title: str
    lines: tuple[str, ...]


def split_sections(text: str, file: str) -> tuple[tuple[str, ...], dict[int, Section]]:
    """The lines before the first section, and the sections by number (DevFileError on a number seen twice)."""
    head: list[str] = []
    sections: dict[int, Section] = {}
    current: tuple[int, str] | None = None
    body: list[str] = []
    fence = ""
    for line in text.replace("\r\n", "\n").split("\n"):
        fence = _fence_after(fence, line)
        found = _SECTION.match(line) if not fence else None
        if found is None:
            (body if current is not None else head).append(line)
            continue
        if current is not None:
            sections[current[0]] = Section(current[0], current[1], _trimmed(body))
        number = int(found.group(1))
        if number in sections:
            raise DevFileError(f"{file}: section {number} appears twice")
        current, body = (number, found.group(2).strip()), []
    if current is not None:
        sections[current[0]] = Section(current[0], current[1], _trimmed(body))
    return _trimmed(head), sections


def _fence_after(fence: str, line: str) -> str:
    """The code fence open once `line` is read ("" when none): three backquotes or more and `text` open one
    (as code writes a command's output), and only the same run alone on its line closes it."""
    if fence:
        return "" if line.strip() == fence else fence
    opening = _FENCE_OPEN.match(line)
    return opening.group(1) if opening else ""


def require_section(sections: dict[int, Section], number: int, title: str, file: str) -> Section:
    section = sections.get(number)
    if section is None:
        raise DevFileError(f"{file}: it has no `## {number}. {title}` section")
    return section


def _trimmed(lines: Sequence[str]) -> tuple[str, ...]:
    start = 0
    end = len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return tuple(lines[start:end])


def render_section(number: int, title: str, body: Sequence[str]) -> list[str]:
    """`## N. Title`, a blank line, the body (or `_None._`), a blank line."""
    return [f"## {number}. {title}", "", *(body or [NONE_LINE]), ""]


def entries(lines: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
    """The `### heading` entries of a section: each heading's text and the lines under it."""
    found: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith(_ENTRY):
            found.append((line[len(_ENTRY):].strip(), []))
        elif found:
            found[-1][1].append(line)
    return [(heading, _trimmed(body)) for heading, body in found]


def entry_heading(text: str) -> str:
    return f"{_ENTRY}{text}"


def bullets(lines: Sequence[str]) -> tuple[str, ...]:
    """The texts of the `- ` lines (`_None._` and anything else ignored)."""
    return tuple(line[2:].strip() for line in lines if line.startswith("- "))


def render_bullets(items: Sequence[str]) -> list[str]:
    return [f"- {item}" for item in items]


def key_values(lines: Sequence[str]) -> dict[str, str]:
    """The `- Key: value` lines, by key."""
    found: dict[str, str] = {}
    for line in lines:
        if line.startswith("- ") and ": " in line:
            key, _, value = line[2:].partition(": ")
            found.setdefault(key.strip(), value.strip())
        elif line.startswith("- ") and line.endswith(":"):
            found.setdefault(line[2:-1].strip(), "")
    return found


def numbered(lines: Sequence[str]) -> tuple[str, ...]:
    """The texts of the indented `N. text` lines, in order."""
    return tuple(found.group(2).strip() for line in lines if line.startswith(" ")
                 if (found := _NUMBERED.match(line)) is not None)


def render_numbered(items: Sequence[str], indent: str = "  ") -> list[str]:
    return [f"{indent}{index}. {item}" for index, item in enumerate(items, 1)]


def first_plain_line(lines: Sequence[str]) -> str:
    """The first line that is no bullet and no numbered item (an entry's statement), or ""."""
    for line in lines:
        if line.strip() and not line.startswith(("- ", " ")) and line != NONE_LINE:
            return line.strip()
    return ""


def heading_index(lines: Sequence[str], heading: str, file: str) -> int:
    """Where a `## Heading` line stands among `lines`; DevFileError naming the file when it has none."""
    try:
        return list(lines).index(heading)
    except ValueError:
        raise DevFileError(f"{file}: it has no `{heading}` heading") from None
