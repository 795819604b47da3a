"""FakeCodeIndex: the CodeIndex port over entries set by the test; `builds`, `refreshed` record the calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from orkeon_engine.domain.code_index.answers import IndexReport, IndexSnapshot, TextHit
from orkeon_engine.domain.code_index.model import FileEntry, IndexStatus
from orkeon_engine.ports.code_index import CodeIndexError, IndexProgress


class FakeCodeIndex:
    def __init__(self, entries: Sequence[FileEntry] = (), root: str = "/repo") -> None:
        self.root = root
        self.files: dict[str, FileEntry] = {e.path: e for e in entries}
        self.built = False
        self.text_hits: list[TextHit] = []
        self.parsed: dict[str, FileEntry] = {}
        """What `parse` answers for a path; an unknown path is refused as in no parsed language."""
        self.unsupported: dict[str, int] = {}
        self.stale: tuple[str, ...] = ()
        self.builds: list[bool] = []
        self.refreshed: list[tuple[tuple[str, ...], dict[str, str]]] = []

    async def status(self) -> IndexStatus:
        languages: dict[str, int] = {}
        for entry in self.files.values():
            languages[entry.language] = languages.get(entry.language, 0) + 1
        return IndexStatus(self.root, self.built, len(self.files), sum(len(e.symbols) for e in self.files.values()),
                           languages, "memory (fake)", stale=self.stale)

    async def build(self, force: bool = False, on_progress: IndexProgress | None = None) -> IndexReport:
        self.builds.append(force)
        self.built = True
        if on_progress is not None:
            on_progress(len(self.files), len(self.files))
        parsed = tuple(sorted(self.files)) if force or len(self.builds) == 1 else ()
        return IndexReport(seen=len(self.files), parsed=parsed, unchanged=len(self.files) - len(parsed),
                           unsupported=dict(self.unsupported))

    async def refresh(self, paths: Sequence[str] = (), texts: Mapping[str, str] | None = None) -> IndexReport:
        self.refreshed.append((tuple(paths), dict(texts or {})))
        return IndexReport(seen=len(paths))

    async def snapshot(self) -> IndexSnapshot:
        if not self.built:
            await self.build()
        return IndexSnapshot(self.root, dict(self.files))

    async def parse(self, path: str, text: str) -> FileEntry:
        if path not in self.parsed:
            raise CodeIndexError(f"{path}: the index parses no such file (fake)")
        return self.parsed[path]

    async def search_text(self, query: str, limit: int = 50, under: str = "") -> list[TextHit]:
        return [h for h in self.text_hits if query.lower() in h.text.lower() and h.path.startswith(under)][:limit]
