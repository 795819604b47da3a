"""CodeIndex: the symbols and imports of the workspace's source files, kept fresh by content hash."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from orkeon_engine.domain.code_index.model import FileEntry, IndexStatus

if TYPE_CHECKING:  # the answers beyond a file's entry and the status load with the calls that make them
    from orkeon_engine.domain.code_index.answers import IndexReport, IndexSnapshot, TextHit

IndexProgress = Callable[[int, int], None]
"""Called with (files done, files in the pass) while a pass runs; best effort."""


class CodeIndexError(Exception):
    """The index cannot answer: the message names the path and the reason (a file outside the workspace
    or in no language the index parses, a cache that cannot be read or written)."""


class CodeIndex(Protocol):
    """The code index of one workspace. Paths are workspace-relative with forward slashes (`src/app.py`).

    Failure contract: a file that cannot be read or parsed never fails a pass: it is listed in the report's
    `failed`. A cache that cannot be opened or written leaves the index working in memory (the status says
    so). `parse` and `refresh` of one named path raise CodeIndexError when the path is not one the index
    parses (its language, an ignored or vendored folder). Nothing else is raised. Blocking work runs off
    the event loop."""

    async def status(self) -> IndexStatus:
        """The index as it stands, with the files that changed since they were indexed; it indexes nothing."""
        ...

    async def build(self, force: bool = False, on_progress: IndexProgress | None = None) -> IndexReport:
        """Index the workspace: new and changed files (by content hash) are parsed, deleted ones dropped;
        with `force`, every file is parsed again."""
        ...

    async def refresh(self, paths: Sequence[str] = (), texts: Mapping[str, str] | None = None) -> IndexReport:
        """Reindex the named files (every changed file when none is named); `texts` gives the current text
        of a file whose text is not (yet) the one on disk, such as an editor's buffer or a fresh edit."""
        ...

    async def snapshot(self) -> IndexSnapshot:
        """Every indexed file as the index holds it now (building it first when it was never built)."""
        ...

    async def parse(self, path: str, text: str) -> FileEntry:
        """Parse a text as the file `path` would hold it, without storing it: symbols, imports, and in
        `error` the lines a syntax error sits on."""
        ...

    async def search_text(self, query: str, limit: int = 50, under: str = "") -> list[TextHit]:
        """Lines of the indexed files holding `query` (case-insensitive), under a folder when named."""
        ...
