"""Checkpoints over the ports: recording a turn's edits, and taking turns back (/undo, /rewind).

RecordingFiles is a Files port that passes every call through and, for each file of /workspace the turn
writes or removes, records in the CheckpointStore its text before the turn's first write (read through the
port, so an open editor buffer's unsaved text is what is kept) and after its last. A file whose current text
cannot be read (a binary file) is not written: without its text no checkpoint could bring it back. /output
and /tmp are the engine's own folders and are not recorded.

`take_back` restores the files of some turns (domain/session/checkpoints.py plans it): every file is read and
checked before any is written, so a refused undo changes nothing; a write that fails half way puts back the
files already restored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.session.checkpoints import (
    Checkpoint,
    CheckpointRefusedError,
    Restore,
    plan_take_back,
    refuse_changed_since,
)
from orkeon_engine.domain.workspace.virtual_paths import WORKSPACE
from orkeon_engine.ports.checkpoint_store import CheckpointStore
from orkeon_engine.ports.files import DirEntry, Files, FilesError, Mount


class RecordingFiles:
    """The Files port of one turn of `session_id`, recording its workspace writes in `store`.

    `begin` opens the turn (the main loop calls it as the request enters the conversation, before any tool
    runs); `turn` is its number, None before."""

    def __init__(self, inner: Files, store: CheckpointStore, session_id: str) -> None:
        self._inner = inner
        self._store = store
        self._session_id = session_id
        self.turn: int | None = None
        self._before: dict[str, str | None] = {}
        self.changed: list[str] = []
        """The workspace files this turn wrote, in the order first written."""

    async def begin(self, request: str, history_at: int) -> int:
        """Open the turn in the store: its number."""
        self.turn = await self._store.begin_turn(self._session_id, request, history_at)
        return self.turn

    def _number(self, real: str) -> int:
        if self.turn is None:  # a write before the turn began could never be taken back: refuse it
            raise FilesError(real, "not written: the turn's checkpoint is not open yet")
        return self.turn

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
        turn = self._number(real)
        if real not in self._before:
            self._before[real] = await self._current(real)
        await self._inner.write_text(path, text)
        if real not in self.changed:
            self.changed.append(real)
        await self._store.record_file(self._session_id, turn, real, self._before[real], text)

    async def remove(self, path: str) -> None:
        real = self._inner.real_path(path)
        if not real.startswith(WORKSPACE + "/"):
            await self._inner.remove(path)
            return
        turn = self._number(real)
        if real not in self._before:
            self._before[real] = await self._current(real)
        await self._inner.remove(path)
        if real not in self.changed:
            self.changed.append(real)
        await self._store.record_file(self._session_id, turn, real, self._before[real], None)

    async def _current(self, real: str) -> str | None:
        if not await self._inner.exists(real):
            return None
        try:
            return await self._inner.read_text(real)
        except FilesError as error:
            raise FilesError(real, f"not written: its text cannot be kept in the turn's checkpoint for /undo "
                                   f"({error.reason})") from None


@dataclass(frozen=True)
class TakenBack:
    """What taking turns back did: the turns whose edits are undone now, and each file restored."""

    turns: tuple[int, ...]
    restored: tuple[Restore, ...]


async def take_back(files: Files, store: CheckpointStore, session_id: str,
                    checkpoints: Sequence[Checkpoint]) -> TakenBack:
    """Restore the files of `checkpoints` to their text before the oldest of them, and mark them undone.

    CheckpointRefusedError, naming the file, when a file no longer holds what the turns left (the person
    changed it), cannot be read, or is not a workspace file; in each case nothing was written."""
    plan = plan_take_back(checkpoints)
    current = {restore.path: await _text_now(files, restore.path) for restore in plan}
    refuse_changed_since(plan, current)
    done: list[Restore] = []
    try:
        for restore in plan:
            await _put(files, restore.path, restore.restored)
            done.append(restore)
    except FilesError as error:
        stuck = await _put_back(files, done)
        after = ("the files restored before it were put back, so nothing changed" if not stuck else
                 f"{', '.join(stuck)} could not be put back and hold their text from before the turn")
        raise CheckpointRefusedError(error.path, f"cannot be restored ({error.reason}); {after}") from None
    turns = tuple(checkpoint.turn for checkpoint in checkpoints)
    await store.mark_files_undone(session_id, turns)
    return TakenBack(turns, tuple(plan))


async def _text_now(files: Files, path: str) -> str | None:
    """The file's text now (None: absent), read through the port (an open editor buffer first)."""
    try:
        if files.real_path(path) != path:
            raise CheckpointRefusedError(path, "is a symlink now, not the file the turn wrote; nothing was restored")
        if not await files.exists(path):
            return None
        return await files.read_text(path)
    except FilesError as error:
        raise CheckpointRefusedError(path, f"cannot be read now ({error.reason}); nothing was restored") from None


async def _put(files: Files, path: str, text: str | None) -> None:
    if text is None:
        await files.remove(path)
    else:
        await files.write_text(path, text)


async def _put_back(files: Files, done: Sequence[Restore]) -> list[str]:
    """Put the restored files back to the assistant's text; the paths that could not be."""
    stuck = []
    for restore in reversed(done):
        try:
            await _put(files, restore.path, restore.expected)
        except FilesError:
            stuck.append(restore.path)
    return stuck
