"""MemoryIndex: the search index over the shared memory's entries, kept in the workspace's state folder."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from orkeon_engine.domain.shared_memory.recall import RecallAnswer


class MemoryIndexError(Exception):
    """The index cannot answer (its SQLite has no FTS5, its file cannot be opened nor rebuilt); the message
    says what and where."""


@dataclass(frozen=True)
class IndexRefresh:
    """What a refresh did: entries indexed in all, added, changed, removed, and the files skipped."""

    entries: int
    added: int = 0
    changed: int = 0
    removed: int = 0
    problems: tuple[str, ...] = ()


class MemoryIndex(Protocol):
    """Full-text search (FTS5, bm25) over the entries, and dense vectors fused with it when they are
    available (the `orkeon[embeddings]` extra) and asked for.

    The index follows the files by itself: a search first brings it up to date with what changed (cheaply:
    see the adapter), so an edited, added or deleted entry file is seen without a command. Nothing here
    calls the network.

    Failure contract: a file that is not an entry is skipped and named in the answer's problems, never
    raised; MemoryIndexError when the index itself cannot be used. Vectors asked for but unavailable fall
    back to full text, said in the answer's note."""

    async def search(self, query: str, limit: int, vectors: bool = True) -> RecallAnswer:
        """The best `limit` entries for `query`, best first (none for a query without a word)."""
        ...

    async def refresh(self) -> IndexRefresh:
        """Bring the index up to date with every entry file now (each file's size and time compared)."""
        ...
