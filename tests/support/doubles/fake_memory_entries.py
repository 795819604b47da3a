"""FakeMemoryEntries: the MemoryEntries port in memory. `entries` maps each entry's path to the entry,
`problems` are the files listing reports as not entries, `refused_list` is the refused list; `fail_write`
makes writes raise and `fail_refused` makes reading the refused list raise; `writes` records every
write in order (`entry:<path>` and `refused`)."""

from __future__ import annotations

from orkeon_engine.domain.shared_memory.entries import EntryListing, MemoryEntry, StoredEntry, entry_file_name
from orkeon_engine.domain.shared_memory.refused import RefusedList
from orkeon_engine.ports.memory_entries import MemoryFilesError

FOLDER = ".orkeon/memory"


class FakeMemoryEntries:
    def __init__(self, entries: list[MemoryEntry] | None = None) -> None:
        self.entries: dict[str, MemoryEntry] = {}
        for entry in entries or []:
            self.entries[f"{FOLDER}/{entry.key}.md"] = entry
        self.problems: list[str] = []
        self.refused_list = RefusedList()
        self.fail_write: MemoryFilesError | None = None
        self.fail_refused: MemoryFilesError | None = None
        self.writes: list[str] = []

    @property
    def location(self) -> str:
        return FOLDER

    async def listing(self) -> EntryListing:
        stored = tuple(StoredEntry(path, entry) for path, entry in sorted(self.entries.items()))
        return EntryListing(stored, tuple(self.problems))

    async def write_entry(self, entry: MemoryEntry) -> str:
        if self.fail_write is not None:
            raise self.fail_write
        taken = {path.rsplit("/", 1)[-1] for path in self.entries}
        path = f"{FOLDER}/{entry_file_name(entry, taken)}"
        self.entries[path] = entry
        self.writes.append(f"entry:{path}")
        return path

    async def refused(self) -> RefusedList:
        if self.fail_refused is not None:
            raise self.fail_refused
        return self.refused_list

    async def write_refused(self, refused: RefusedList) -> str:
        if self.fail_write is not None:
            raise self.fail_write
        self.refused_list = refused
        self.writes.append("refused")
        return f"{FOLDER}/_refused.md"
