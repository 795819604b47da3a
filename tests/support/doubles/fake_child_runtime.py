"""FakeChildRuntime: the ChildRuntime port holding each launched child's work until the test runs it.

`launch` keeps the work in `pending` (so the child stays `running`); `await run(id)` or `run_all()` plays
it to its end, as `wait` does; `stop` closes a pending work without running it. `launched` and `stopped`
record the ids in order. A work still pending when the fake goes away is closed unrun.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any


class FakeChildRuntime:
    def __init__(self) -> None:
        self.pending: dict[int, Coroutine[Any, Any, None]] = {}
        self.launched: list[int] = []
        self.stopped: list[int] = []
        self.closed = False

    def launch(self, child_id: int, work: Coroutine[Any, Any, None]) -> None:
        self.launched.append(child_id)
        self.pending[child_id] = work

    async def run(self, child_id: int) -> None:
        work = self.pending.pop(child_id, None)
        if work is not None:
            await work

    async def run_all(self) -> None:
        while self.pending:
            await self.run(next(iter(self.pending)))

    async def wait(self, child_id: int) -> None:
        await self.run(child_id)

    def stop(self, child_id: int) -> bool:
        work = self.pending.pop(child_id, None)
        if work is None:
            return False
        work.close()
        self.stopped.append(child_id)
        return True

    def running(self) -> tuple[int, ...]:
        return tuple(self.pending)

    def close(self) -> tuple[int, ...]:
        ids = tuple(self.pending)
        for child_id in ids:
            self.stop(child_id)
        self.closed = True
        return ids

    def __del__(self) -> None:
        for work in self.pending.values():
            work.close()
