"""The requests running now, and how to stop each: by its request id ($/cancelRequest) or its progress token.

pygls cancels an `executeCommand` request by resolving the request's outer future only, and leaves the
command's own task running; the server routes the cancel here instead, so the command itself stops. A
cancel that arrives before the command's task has started is remembered, and stops it as it starts.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Cancel = Callable[[], None]
EARLY_CANCELS_KEPT = 64


class Cancellations:
    """Cancel callbacks of the running requests, by request id and by progress token."""

    def __init__(self) -> None:
        self._by_request: dict[Any, Cancel] = {}
        self._by_token: dict[str, Cancel] = {}
        self._tasks: dict[Cancel, asyncio.Task[Any]] = {}
        self._early: deque[Any] = deque(maxlen=EARLY_CANCELS_KEPT)
        self._running = 0
        self._idle_waiters: list[asyncio.Future[None]] = []

    @contextmanager
    def running(self, request_id: Any, cancel: Cancel, task: asyncio.Task[Any] | None = None,
                ) -> Iterator[Callable[[str], None]]:
        """Track a request (and the task that serves it) while it runs; yields the function that adds a
        progress token to it."""
        tokens: list[str] = []
        if task is not None:
            self._tasks[cancel] = task

        def add_token(token: str) -> None:
            tokens.append(token)
            self._by_token[token] = cancel

        if request_id is not None:
            self._by_request[request_id] = cancel
        if request_id is not None and request_id in self._early:
            self._early.remove(request_id)
            cancel()
        self._running += 1
        try:
            yield add_token
        finally:
            self._running -= 1
            if not self._running:
                self._wake_idle_waiters()
            self._tasks.pop(cancel, None)
            self._by_request.pop(request_id, None)
            for token in tokens:
                self._by_token.pop(token, None)

    def cancel_request(self, request_id: Any) -> bool:
        """Cancel the request with that id; False when no running request has it."""
        cancel = self._by_request.get(request_id)
        if cancel is None:
            return False
        cancel()
        return True

    def watch_token(self, token: str, cancel: Cancel) -> None:
        """Route a cancel on a progress token that no request owns (a child agent's line) to `cancel`."""
        self._by_token[token] = cancel

    def forget_token(self, token: str) -> None:
        self._by_token.pop(token, None)

    def cancelled_before_start(self, request_id: Any) -> None:
        """Remember a cancel for a request whose task has not started yet (the last few are kept)."""
        self._early.append(request_id)

    def cancel_token(self, token: str) -> bool:
        """Cancel the request that owns the progress token; False when none does."""
        cancel = self._by_token.get(token)
        if cancel is None:
            return False
        cancel()
        return True

    async def stop_all(self) -> None:
        """Cancel every running request and wait until their tasks have stopped (the server shuts down)."""
        tasks = [task for task in self._tasks.values() if task is not asyncio.current_task()]
        for cancel in list(self._tasks):
            cancel()
        if tasks:
            await asyncio.wait(tasks)

    async def idle(self) -> None:
        """Return once no request is running (at once when none is)."""
        while self._running:
            waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._idle_waiters.append(waiter)
            await waiter

    def _wake_idle_waiters(self) -> None:
        waiters, self._idle_waiters = self._idle_waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def __len__(self) -> int:
        return len(self._by_request)
