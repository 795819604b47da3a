"""Watching a model call for its first byte: the elapsed wait shown as it grows, and the deadline
(`llm.firstByteSeconds`) with the server's health asked when it passes (domain/model/model_wait.py).

The call runs as a task; every tick, until its first byte, the waiting line is handed to `on_wait` (None
clears it once the byte came or the call ended). At the deadline the server is probed: a busy server gets
another deadline, any other answer ends the call with the failure `fail` builds. Cancelling the watch
cancels the call at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from orkeon_engine.domain.model.model_wait import ServerHealth, waiting_text

T = TypeVar("T")
MAX_TICK_SECONDS = 1.0
QUIET_SECONDS = 1.0
"""A call answered within this shows no waiting line."""

WaitLine = Callable[[str | None], None]
Probe = Callable[[], Awaitable[ServerHealth]]


async def watch_first_byte(work: Awaitable[T], has_first_byte: Callable[[], bool], deadline: float, server: str,
                           probe: Probe | None, fail: Callable[[ServerHealth], Exception],
                           on_wait: WaitLine | None = None, quiet: float = QUIET_SECONDS) -> T:
    """`work`'s result, once it has its first byte (`has_first_byte()`) within the deadline or a busy
    server's extensions of it; else `fail(health)` raised, the call cancelled. The waiting line shows once
    the wait passes `quiet` seconds."""
    loop = asyncio.get_running_loop()
    task = asyncio.ensure_future(work)
    started = loop.time()
    limit = deadline
    tick = min(MAX_TICK_SECONDS, max(deadline / 4, 0.01))
    health: ServerHealth | None = None
    shown = False
    try:
        while not has_first_byte():
            done, _ = await asyncio.wait({task}, timeout=tick)
            if done:
                break
            elapsed = loop.time() - started
            if elapsed >= limit and not has_first_byte():
                health = await probe() if probe is not None else ServerHealth("unknown")
                if health.state != "busy":
                    raise fail(health)
                limit = elapsed + deadline
            if on_wait is not None and elapsed >= quiet:
                on_wait(waiting_text(server, elapsed, health))
                shown = True
        if shown and on_wait is not None:
            on_wait(None)
            shown = False
        return await task
    finally:
        if not task.done():
            task.cancel()
            await asyncio.wait({task})
        if shown and on_wait is not None:
            on_wait(None)
