"""MemoryStore: the typed memory notes (user, project, feedback, reference), kept across sessions."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.session.memory import MemoryCategory, MemoryNote


class MemoryStore(Protocol):
    """Durable notes. `user` notes live in the person's config folder, the others with the workspace.

    Failure contract: `add` and `remove` are each one atomic write (the note is stored whole or not at
    all) and raise OSError naming the file or the database when the write cannot be made; a user-notes
    file that is not valid is reported with its path (OSError) and never overwritten. `get` returns None
    for an unknown id, `remove` returns False for one. `list` never returns a note twice and lists the
    oldest first."""

    async def list(self, category: MemoryCategory | None = None) -> list[MemoryNote]: ...

    async def add(self, category: MemoryCategory, text: str, reason: str = "") -> MemoryNote:
        """Store a new note (its text already checked by domain/session/memory.py) and return it with its id."""
        ...

    async def get(self, note_id: str) -> MemoryNote | None: ...

    async def remove(self, note_id: str) -> bool: ...
