"""The refused list: the candidates the person refused at /memory admit, so they are not proposed again.

It is a committed file beside the entries, `.orkeon/memory/_refused.md` (a name starting with `_` is never
an entry), one line a refused candidate, the key first (the slug of its title, as entries.slugify makes
it), then the date and the title for the reader:

    - quote-every-path-the-shell-tool-gets | 2026-12-03 | Quote every path the shell tool gets

Every other line (the heading, the explanation, blank lines) is prose and is kept out of the list. A
person deletes a line to have the candidate proposed again. /dev-learn reads the same list to skip a motif
already refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from orkeon_engine.domain.shared_memory.entries import (
    EntryFormatError,
    check_title,
    normalise_newlines,
    slugify,
)

REFUSED_FILE = "_refused.md"
_KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
HEADER = (
    "# Refused candidates",
    "",
    "The candidates refused at `/memory admit`; they are not proposed again. Delete a line to have one",
    "proposed again. One line each: `- <key> | <date> | <title>`.",
    "",
)


@dataclass(frozen=True)
class RefusedCandidate:
    """One refused candidate: its key (the slug of its title), when, and its title as it was proposed."""

    key: str
    refused_on: date | None = None
    title: str = ""


@dataclass(frozen=True)
class RefusedList:
    """The refused candidates in file order, one a key."""

    items: tuple[RefusedCandidate, ...] = ()

    def find(self, title: str) -> RefusedCandidate | None:
        """The refused candidate with the same key as `title`, or None."""
        key = slugify(title)
        return next((item for item in self.items if item.key == key), None)

    def with_added(self, added: list[RefusedCandidate]) -> RefusedList:
        """This list and the new items whose keys it does not hold yet."""
        known = {item.key for item in self.items}
        fresh: list[RefusedCandidate] = []
        for item in added:
            if item.key not in known:
                known.add(item.key)
                fresh.append(item)
        return RefusedList(self.items + tuple(fresh))


def refuse(title: str, on: date) -> RefusedCandidate:
    """The refused-list item for a candidate titled `title`, refused on `on`."""
    return RefusedCandidate(slugify(title), on, check_title(title))


def parse_refused(text: str) -> RefusedList:
    """The refused list a file holds, or EntryFormatError naming the first item line that does not fit."""
    items: list[RefusedCandidate] = []
    seen: set[str] = set()
    for number, line in enumerate(normalise_newlines(text.removeprefix("\ufeff")).split("\n"), start=1):
        stripped = line.strip()
        if not stripped.startswith("- "):
            continue
        item = _item(stripped[2:], number)
        if item.key not in seen:
            seen.add(item.key)
            items.append(item)
    return RefusedList(tuple(items))


def _item(text: str, number: int) -> RefusedCandidate:
    parts = [part.strip() for part in text.split("|", 2)]
    key = parts[0].strip("`")
    if not _KEY.fullmatch(key):
        raise EntryFormatError(f"line {number}: {key!r} is not a key (lower-case words joined by -); "
                               "expected `- <key> | <date> | <title>`")
    when: date | None = None
    if len(parts) > 1 and parts[1]:
        try:
            when = date.fromisoformat(parts[1])
        except ValueError:
            raise EntryFormatError(f"line {number}: {parts[1]!r} is not a date written YYYY-MM-DD") from None
    title = " ".join(parts[2].split()) if len(parts) > 2 else ""
    return RefusedCandidate(key, when, title)


def render_refused(refused: RefusedList) -> str:
    """The file's text: the header, then one line an item."""
    lines = list(HEADER)
    for item in refused.items:
        when = item.refused_on.isoformat() if item.refused_on else ""
        lines.append(f"- {item.key} | {when} | {item.title}".rstrip())
    return "\n".join(lines) + "\n"
