"""Clock: the current time, the one way the engine reads the clock outside the adapters."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol


class Clock(Protocol):
    """The current time. Never fails."""

    def now(self) -> datetime:
        """The current time, timezone-aware, in UTC."""
        ...

    def monotonic(self) -> float:
        """Seconds from an arbitrary origin that never go backwards, for measuring waits."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Wait that long (a fake clock advances at once)."""
        ...
