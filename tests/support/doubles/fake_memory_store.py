"""FakeMemoryStore: the MemoryStore port in memory; `notes` holds every note, `fail` makes writes raise and
`fail_reads` makes `list` raise."""

from __future__ import annotations

from datetime import UTC, datetime

from orkeon_engine.domain.session.memory import MemoryCategory, MemoryNote

WHEN = datetime(2026, 1, 15, 9, 30, tzinfo=UTC)


class FakeMemoryStore:
    def __init__(self, notes: list[MemoryNote] | None = None) -> None:
        self.notes: list[MemoryNote] = list(notes or [])
        self.fail: OSError | None = None
        self.fail_reads: OSError | None = None
        self.created = WHEN

    async def list(self, category: MemoryCategory | None = None) -> list[MemoryNote]:
        if self.fail_reads is not None:
            raise self.fail_reads
        return [note for note in self.notes if category is None or note.category == category]

    async def add(self, category: MemoryCategory, text: str, reason: str = "") -> MemoryNote:
        if self.fail is not None:
            raise self.fail
        note = MemoryNote(f"{'u' if category == 'user' else 'm'}-{len(self.notes) + 1}", category, text,
                          self.created, reason)
        self.notes.append(note)
        return note

    async def get(self, note_id: str) -> MemoryNote | None:
        return next((note for note in self.notes if note.id == note_id), None)

    async def remove(self, note_id: str) -> bool:
        if self.fail is not None:
            raise self.fail
        before = len(self.notes)
        self.notes = [note for note in self.notes if note.id != note_id]
        return len(self.notes) != before
