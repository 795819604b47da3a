"""Waits with a deadline on the Clock port: a question nobody answers in time is no answer.

`within(clock, seconds, awaitable)` races the awaitable against `clock.sleep(seconds)`: its result when
it finishes first (or at the same turn of the loop), else it is cancelled and the wait is over. The
permission gate bounds its questions with it (`permissions.askTimeout`), so a client that shows a
question and never answers cannot hold the gate; so does the workspace trust question.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Generic, TypeVar

from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.human_input import HumanInput

T = TypeVar("T")
DEFAULT_ASK_SECONDS = 120.0


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a bounded wait gave: `done` and its value, or not done in time."""

    done: bool
    value: T | None = None


async def within(clock: Clock, seconds: float, awaitable: Awaitable[T]) -> Outcome[T]:
    """The awaitable's value if it finishes within `seconds` on the clock; else it is cancelled."""
    work = asyncio.ensure_future(awaitable)
    timer = asyncio.ensure_future(clock.sleep(max(seconds, 0.0)))
    try:
        await asyncio.wait({work, timer}, return_when=asyncio.FIRST_COMPLETED)
    except asyncio.CancelledError:  # the caller was cancelled: so is what it waited on
        work.cancel()
        raise
    finally:
        timer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await timer
    if not work.done():
        work.cancel()
        try:
            value = await work  # it may still finish as it is cancelled: then it counts
        except asyncio.CancelledError:
            return Outcome(False)
        return Outcome(True, value)
    return Outcome(True, work.result())


async def ask_within(human: HumanInput, clock: Clock, question: str, options: list[str],
                     seconds: float) -> str | None:
    """The person's choice, or None when nobody answers within `seconds` (or at all)."""
    outcome = await within(clock, seconds, human.choose(question, options))
    return outcome.value if outcome.done else None
