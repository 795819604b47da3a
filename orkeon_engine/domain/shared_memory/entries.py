"""The shared memory's entries: one Markdown file each under `.orkeon/memory/`, with a small front matter.

    ---
    title: Quote every path the shell tool gets
    tags: [shell, gate]
    source: proposal
    origin: PROPOSALS.md
    created: 2026-12-03
    ---

    The text of the lesson, in Markdown.

The files are written by a team and committed like code, so `parse_entry` reads them as outside input: a
file that does not fit raises EntryFormatError naming the problem and what would be accepted, never
another exception. `render_entry` writes the same shape back (parse(render(e)) == e).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from typing import Literal, get_args

EntrySource = Literal["verdict-row", "proposal", "note"]
ENTRY_SOURCES: tuple[EntrySource, ...] = get_args(EntrySource)
ENTRY_KEYS: tuple[str, ...] = ("title", "tags", "source", "origin", "created")
MAX_TITLE_CHARS = 200
MAX_ORIGIN_CHARS = 300
MAX_TAGS = 12
MAX_TEXT_CHARS = 20_000
MAX_SLUG_CHARS = 60
FENCE = "---"
TAG_PATTERN = re.compile(r"[a-z0-9][a-z0-9._/-]{0,39}")
_KEY_LINE = re.compile(r"([A-Za-z][A-Za-z0-9_-]*)[ \t]*:[ \t]*(.*)")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class EntryFormatError(ValueError):
    """Text that is not an entry; the message says what is wrong and what is accepted."""


@dataclass(frozen=True)
class MemoryEntry:
    """One lesson of the shared memory. Build it with `make_entry`, which checks and normalises it."""

    title: str
    text: str
    tags: tuple[str, ...] = ()
    source: EntrySource = "note"
    origin: str = ""
    created: date | None = None

    @property
    def key(self) -> str:
        """What identifies the lesson across files: the slug of its title."""
        return slugify(self.title)


def make_entry(title: str, text: str, tags: tuple[str, ...] | list[str] = (), source: str = "note",
               origin: str = "", created: date | None = None) -> MemoryEntry:
    """A checked entry (EntryFormatError naming the field otherwise): the title one line, the tags
    lower-cased and each once, the text with its newlines normalised and its ends trimmed."""
    return MemoryEntry(
        title=check_title(title),
        text=check_text(text),
        tags=check_tags(tags),
        source=check_source(source),
        origin=check_origin(origin),
        created=created,
    )


def check_title(title: str) -> str:
    title = _one_line(title, "title", MAX_TITLE_CHARS)
    if not title:
        raise EntryFormatError("the title is empty: give the lesson a one-line title")
    return title


def check_text(text: str) -> str:
    text = normalise_newlines(text).strip()
    if not text:
        raise EntryFormatError("the entry has no text after its front matter: say what the lesson is")
    if len(text) > MAX_TEXT_CHARS:
        raise EntryFormatError(f"the text is longer than {MAX_TEXT_CHARS} characters; split it into entries")
    if "\x00" in text:
        raise EntryFormatError("the text holds a NUL character")
    return text


def check_tags(tags: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    kept: list[str] = []
    for raw in tags:
        tag = _unquote(raw.strip()).strip().lower()
        if not tag:
            continue
        if not TAG_PATTERN.fullmatch(tag):
            raise EntryFormatError(f"the tag {raw.strip()!r} is not accepted: a tag is lower-case letters, digits "
                                   "and . _ / - (at most 40), starting with a letter or a digit")
        if tag not in kept:
            kept.append(tag)
    if len(kept) > MAX_TAGS:
        raise EntryFormatError(f"{len(kept)} tags: at most {MAX_TAGS}")
    return tuple(kept)


def check_source(source: str) -> EntrySource:
    wanted = "-".join(source.strip().lower().split())
    for known in ENTRY_SOURCES:
        if wanted == known:
            return known
    raise EntryFormatError(f"the source {source.strip()!r} is not one of {', '.join(ENTRY_SOURCES)}")


def check_origin(origin: str) -> str:
    return _one_line(origin, "origin", MAX_ORIGIN_CHARS)


def _one_line(value: str, what: str, limit: int) -> str:
    value = " ".join(value.split())
    if len(value) > limit:
        raise EntryFormatError(f"the {what} is longer than {limit} characters; keep it to one line")
    if _CONTROL.search(value):
        raise EntryFormatError(f"the {what} holds a control character")
    return value


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def slugify(title: str) -> str:
    """The file-name form of a title: ASCII lower-case words joined by `-`, at most 60 characters, cut at
    a word; `entry` when nothing is left. It never holds a `/`, a `.` or a leading `_`."""
    ascii_text = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii").lower()
    words = re.findall(r"[a-z0-9]+", ascii_text)
    slug = ""
    for word in words:
        candidate = f"{slug}-{word}" if slug else word
        if len(candidate) > MAX_SLUG_CHARS:
            break
        slug = candidate
    if not slug and words:
        slug = words[0][:MAX_SLUG_CHARS]
    return slug or "entry"


# --- the file format ------------------------------------------------------------------------------------

def parse_entry(text: str) -> MemoryEntry:
    """The entry a file holds, or EntryFormatError saying what is wrong."""
    text = normalise_newlines(text.removeprefix("\ufeff"))
    lines = text.split("\n")
    if not lines or lines[0].rstrip() != FENCE:
        raise EntryFormatError("the file does not open with a front matter: a `---` line, `key: value` lines "
                               f"({', '.join(ENTRY_KEYS)}), then `---`")
    closing = next((i for i in range(1, len(lines)) if lines[i].rstrip() == FENCE), None)
    if closing is None:
        raise EntryFormatError("the front matter is not closed by a `---` line")
    fields = _front_matter(lines[1:closing])
    if "title" not in fields:
        raise EntryFormatError("the front matter has no `title:`")
    return make_entry(
        title=_unquote(fields["title"]),
        text="\n".join(lines[closing + 1:]),
        tags=split_tags(fields.get("tags", "")),
        source=fields.get("source", "note"),
        origin=_unquote(fields.get("origin", "")),
        created=_parse_date(fields["created"]) if fields.get("created") else None,
    )


def _front_matter(lines: list[str]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for number, line in enumerate(lines, start=2):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _KEY_LINE.fullmatch(line.strip())
        if match is None:
            raise EntryFormatError(f"front matter line {number} is not `key: value`")
        key, value = match.group(1).lower(), match.group(2).strip()
        if key not in ENTRY_KEYS:
            raise EntryFormatError(f"front matter line {number}: unknown key {key!r}; "
                                   f"accepted keys: {', '.join(ENTRY_KEYS)}")
        if key in fields:
            raise EntryFormatError(f"front matter line {number}: `{key}` is given twice")
        fields[key] = value
    return fields


def split_tags(value: str) -> list[str]:
    """`[a, b]` or `a, b` as a list of raw tags."""
    value = value.strip()
    if value.startswith("[") and value.endswith("]"):
        value = value[1:-1]
    return [part for part in value.split(",") if part.strip()]


def _parse_date(value: str) -> date:
    try:
        return date.fromisoformat(_unquote(value.strip()))
    except ValueError:
        raise EntryFormatError(f"created: {value.strip()!r} is not a date written YYYY-MM-DD") from None


def _unquote(value: str) -> str:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def _quote_if_needed(value: str) -> str:
    return f'"{value}"' if value[:1] in "\"'" or value[-1:] in "\"'" else value


def render_entry(entry: MemoryEntry) -> str:
    """The file's text for `entry` (front matter, a blank line, the text, a final newline)."""
    lines = [FENCE, f"title: {_quote_if_needed(entry.title)}"]
    if entry.tags:
        lines.append(f"tags: [{', '.join(entry.tags)}]")
    lines.append(f"source: {entry.source}")
    if entry.origin:
        lines.append(f"origin: {_quote_if_needed(entry.origin)}")
    if entry.created is not None:
        lines.append(f"created: {entry.created.isoformat()}")
    lines += [FENCE, "", entry.text, ""]
    return "\n".join(lines)


def entry_file_name(entry: MemoryEntry, taken: set[str]) -> str:
    """`<slug>.md`, or `<slug>-2.md`... when that name is taken (names compared without case)."""
    lowered = {name.lower() for name in taken}
    base = entry.key
    name = f"{base}.md"
    number = 2
    while name.lower() in lowered:
        name = f"{base}-{number}.md"
        number += 1
    return name


@dataclass(frozen=True)
class StoredEntry:
    """An entry as the shared memory holds it: its file's path relative to the workspace, and the entry."""

    path: str
    entry: MemoryEntry


@dataclass(frozen=True)
class EntryListing:
    """Every entry file read: the entries, and the files that are not entries (each `path: reason`)."""

    entries: tuple[StoredEntry, ...] = ()
    problems: tuple[str, ...] = ()

    def keys(self) -> dict[str, str]:
        """The key of every entry, with its path (the first file when two share a key)."""
        found: dict[str, str] = {}
        for stored in self.entries:
            found.setdefault(stored.entry.key, stored.path)
        return found
