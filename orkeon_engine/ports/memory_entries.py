"""MemoryEntries: the shared memory's committed files under `.orkeon/memory/`, its entries and the
refused list."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.shared_memory.entries import EntryListing, MemoryEntry
from orkeon_engine.domain.shared_memory.refused import RefusedList


class MemoryFilesError(Exception):
    """A file of the shared memory that cannot be read or written: the message names it and the reason."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class MemoryEntries(Protocol):
    """The entry files (one Markdown file an entry, any `*.md` whose name does not start with `_`) and the
    refused list (`_refused.md`). Paths are relative to the workspace (`.orkeon/memory/<slug>.md`).

    Failure contract: `listing` never raises for a bad file: it names it among the problems. The refused
    list's and the writes' failures (unreadable, malformed, not writable) raise MemoryFilesError naming
    the file. Every write is atomic: the whole new file or the old one untouched."""

    @property
    def location(self) -> str:
        """The folder, relative to the workspace (`.orkeon/memory`)."""
        ...

    async def listing(self) -> EntryListing: ...

    async def write_entry(self, entry: MemoryEntry) -> str:
        """Write a new entry file named after its title (never over an existing file); its path."""
        ...

    async def refused(self) -> RefusedList:
        """The refused list; empty when the file does not exist."""
        ...

    async def write_refused(self, refused: RefusedList) -> str:
        """Replace the refused list; its path."""
        ...
