"""Recording a turn's checkpoint: a Files port that passes every call through and, for each file of
/workspace the turn writes, records in the CheckpointStore its text before the turn's first write (read
through the port, so an open editor buffer's unsaved text is what is kept) and after its last.

A file whose current text cannot be read (a binary file) is not written: without its text no checkpoint
could bring it back. /output and /tmp are the engine's own folders and are not recorded.
"""

from __future__ import annotations

from orkeon_engine.domain.virtual_paths import WORKSPACE
from orkeon_engine.ports.checkpoint_store import CheckpointStore
from orkeon_engine.ports.files import DirEntry, Files, FilesError, Mount


class RecordingFiles:
    """The Files port of one turn (`session_id`, `turn`), recording its workspace writes in `store`."""

    def __init__(self, inner: Files, store: CheckpointStore, session_id: str, turn: int) -> None:
        self._inner = inner
        self._store = store
        self._session_id = session_id
        self._turn = turn
        self._before: dict[str, str | None] = {}
        self.changed: list[str] = []
        """The workspace files this turn wrote, in the order first written."""

    def mounts(self) -> list[Mount]:
        return self._inner.mounts()

    def resolve(self, path: str) -> str:
        return self._inner.resolve(path)

    def host_path(self, path: str) -> str:
        return self._inner.host_path(path)

    def real_path(self, path: str) -> str:
        return self._inner.real_path(path)

    async def read_text(self, path: str) -> str:
        return await self._inner.read_text(path)

    async def exists(self, path: str) -> bool:
        return await self._inner.exists(path)

    async def list_dir(self, path: str, depth: int = 1, limit: int = 500,
                       skip: frozenset[str] = frozenset()) -> list[DirEntry]:
        return await self._inner.list_dir(path, depth, limit, skip)

    async def write_text(self, path: str, text: str) -> None:
        real = self._inner.real_path(path)
        if not real.startswith(WORKSPACE + "/"):
            await self._inner.write_text(path, text)
            return
        if real not in self._before:
            self._before[real] = await self._current(real)
        await self._inner.write_text(path, text)
        if real not in self.changed:
            self.changed.append(real)
        await self._store.record_file(self._session_id, self._turn, real, self._before[real], text)

    async def _current(self, real: str) -> str | None:
        if not await self._inner.exists(real):
            return None
        try:
            return await self._inner.read_text(real)
        except FilesError as error:
            raise FilesError(real, f"not written: its text cannot be kept in the turn's checkpoint for /undo "
                                   f"({error.reason})") from None
