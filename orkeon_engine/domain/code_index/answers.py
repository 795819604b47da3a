"""What the code index and the code navigation answer with, beyond a file's entry: the whole index at one
moment (IndexSnapshot), what one indexing pass did (IndexReport), a line a text search found (TextHit) and a
place the navigation points at (Location). Paths are workspace-relative, with forward slashes.

Apart from model.py, which the index's cache and `orkeon status` read without these (issue 48)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from orkeon_engine.domain.code_index.model import FileEntry, Symbol


@dataclass(frozen=True)
class IndexSnapshot:
    """The whole index at one moment: every file by path."""

    root: str
    files: Mapping[str, FileEntry] = field(default_factory=dict)

    def __iter__(self) -> Iterator[FileEntry]:
        return iter(self.files[p] for p in sorted(self.files))

    def symbols(self) -> Iterator[Symbol]:
        for entry in self:
            yield from entry.symbols

    @property
    def symbol_count(self) -> int:
        return sum(len(e.symbols) for e in self.files.values())

    def languages(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for entry in self.files.values():
            counts[entry.language] = counts.get(entry.language, 0) + 1
        return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


@dataclass(frozen=True)
class IndexReport:
    """What one indexing pass did."""

    seen: int = 0
    """Files of a supported language found (after the ignore rules)."""
    parsed: tuple[str, ...] = ()
    """Files parsed because they are new or their content changed."""
    unchanged: int = 0
    removed: tuple[str, ...] = ()
    failed: tuple[tuple[str, str], ...] = ()
    """(path, reason) of the files that could not be read or parsed."""
    ignored: int = 0
    """Files left out by .gitignore, the vendored folders or their size."""
    unsupported: Mapping[str, int] = field(default_factory=dict)
    """Files of languages the index does not parse, by extension."""
    elapsed_ms: float = 0.0

    @property
    def changed(self) -> int:
        return len(self.parsed) + len(self.removed)


@dataclass(frozen=True)
class TextHit:
    """A line of an indexed file that holds the searched text."""

    path: str
    line: int
    text: str


@dataclass(frozen=True)
class Location:
    """A place the navigation points at: a workspace path (None when the place is outside the workspace,
    then `module_path` names the file), 1-based line and column, the name there and what it is."""

    path: str | None
    line: int
    column: int
    name: str
    kind: str = ""
    qualified_name: str = ""
    line_text: str = ""
    module_path: str = ""
