"""StateBook: the one copy of batches-state.md a run holds, written after every move. When batches run at
once (each in its worktree), their runs share one book: each write is the whole state with one record put,
made under a lock, so no batch's move overwrites another's."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence

from orkeon_engine.domain.dev.batches_state import BatchesState, BatchRecord, render_batches_state
from orkeon_engine.services.work_folder import WorkFolder


class StateBook:
    def __init__(self, folder: WorkFolder, file: str, state: BatchesState) -> None:
        self._folder = folder
        self._file = file
        self.state = state
        self._lock = asyncio.Lock()

    async def put(self, record: BatchRecord, log: Sequence[str] = ()) -> None:
        """The batch's record in place of its old one, with `log` lines, written."""
        await self._write(lambda state: state.put(record, *log))

    async def closed(self, closed: str) -> None:
        """The plan's close recorded (`pushed <branch>`, `pull request <url>`...)."""
        await self._write(lambda state: dataclasses.replace(state, closed=closed,
                                                            log=(*state.log, f"plan · closed: {closed}")))

    async def _write(self, change: Callable[[BatchesState], BatchesState]) -> None:
        async with self._lock:
            self.state = change(self.state)
            await self._folder.write(self._file, render_batches_state(self.state))
