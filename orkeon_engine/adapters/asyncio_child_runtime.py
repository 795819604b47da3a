"""AsyncioChildRuntime: the ChildRuntime port over asyncio tasks of the engine's own event loop.

A child is one task beside the command that started it: in the language server the loop serves other
requests while it runs, at the `orkeon` prompt the loop runs on its own thread while the prompt waits for
a line. `wait` never cancels the child it waits for, and a finished task is forgotten.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


class AsyncioChildRuntime:
    """The running children of one engine, by id."""

    def __init__(self) -> None:
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def launch(self, child_id: int, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks[child_id] = task
        task.add_done_callback(lambda done: self._forget(child_id, done))

    async def wait(self, child_id: int) -> None:
        task = self._tasks.get(child_id)
        if task is not None and not task.done():
            await asyncio.wait([task])  # unlike `await task`, a cancel of the waiter leaves the child be

    def stop(self, child_id: int) -> bool:
        task = self._tasks.get(child_id)
        if task is None or task.done():
            return False
        task.cancel()
        return True

    def running(self) -> tuple[int, ...]:
        return tuple(child_id for child_id, task in self._tasks.items() if not task.done())

    def close(self) -> tuple[int, ...]:
        ids = self.running()
        for child_id in ids:
            self._tasks[child_id].cancel()
        return ids

    def _forget(self, child_id: int, task: asyncio.Task[None]) -> None:
        if self._tasks.get(child_id) is task:
            del self._tasks[child_id]
        if not task.cancelled():
            task.exception()  # the work records its own failures; this only marks the exception as seen
