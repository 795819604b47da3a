"""FakeCheckpointStore: the CheckpointStore port in memory; `checkpoints` holds each session's turns, `fail`
makes every call raise."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from orkeon_engine.domain.session.checkpoints import Checkpoint, FileChange
from orkeon_engine.ports.checkpoint_store import CheckpointStoreError


class FakeCheckpointStore:
    def __init__(self) -> None:
        self.checkpoints: dict[str, list[Checkpoint]] = {}
        self.fail: str | None = None

    def _check(self) -> None:
        if self.fail is not None:
            raise CheckpointStoreError(self.fail)

    async def begin_turn(self, session_id: str, request: str, history_at: int = 0) -> int:
        self._check()
        turns = self.checkpoints.setdefault(session_id, [])
        number = (turns[-1].turn if turns else 0) + 1
        turns.append(Checkpoint(number, request, history_at=history_at))
        return number

    async def record_file(self, session_id: str, turn: int, path: str, before: str | None,
                          after: str | None) -> None:
        self._check()
        turns = self.checkpoints[session_id]
        index = next(i for i, checkpoint in enumerate(turns) if checkpoint.turn == turn)
        files = list(turns[index].files)
        known = next((i for i, change in enumerate(files) if change.path == path), None)
        if known is None:
            files.append(FileChange(path, before, after))
        else:
            files[known] = FileChange(path, files[known].before, after)
        turns[index] = dataclasses.replace(turns[index], files=tuple(sorted(files, key=lambda c: c.path)))

    async def turns(self, session_id: str) -> list[Checkpoint]:
        self._check()
        return list(self.checkpoints.get(session_id, []))

    async def mark_files_undone(self, session_id: str, turns: Sequence[int]) -> None:
        self._check()
        self.checkpoints[session_id] = [dataclasses.replace(c, files_undone=True) if c.turn in turns else c
                                        for c in self.checkpoints.get(session_id, [])]
