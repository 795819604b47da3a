"""FakeMemoryIndex: the MemoryIndex port answering from a set answer. `answer` is what every search returns
(cut to the limit), `searches` records (query, limit, vectors) of each search, `refreshes` counts the
refreshes, `error` makes both raise."""

from __future__ import annotations

from dataclasses import replace

from orkeon_engine.domain.shared_memory.recall import RecallAnswer
from orkeon_engine.ports.memory_index import IndexRefresh, MemoryIndexError


class FakeMemoryIndex:
    def __init__(self, answer: RecallAnswer | None = None) -> None:
        self.answer = answer or RecallAnswer()
        self.searches: list[tuple[str, int, bool]] = []
        self.refreshes = 0
        self.error: MemoryIndexError | None = None

    async def search(self, query: str, limit: int, vectors: bool = True) -> RecallAnswer:
        self.searches.append((query, limit, vectors))
        if self.error is not None:
            raise self.error
        return replace(self.answer, hits=self.answer.hits[:limit])

    async def refresh(self) -> IndexRefresh:
        self.refreshes += 1
        if self.error is not None:
            raise self.error
        return IndexRefresh(self.answer.entries)
