"""The crews a session launched, as /tasks lists them: an id, the command, its state, when it started and
ended, and the tokens and cost of its model calls."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

TaskState = Literal["running", "done", "failed", "cancelled"]
ENDED_STATES: frozenset[TaskState] = frozenset({"done", "failed", "cancelled"})


@dataclass(frozen=True)
class TaskRecord:
    """One launched crew."""

    id: str
    command: str
    session_id: str
    state: TaskState
    started: datetime
    ended: datetime | None = None
    tokens: int = 0
    cost: float | None = 0.0
    """The cost of its model calls in US dollars; None once one of them could not be priced."""
    detail: str = ""
    """Why it failed, or who stopped it."""

    @property
    def running(self) -> bool:
        return self.state == "running"

    def elapsed_seconds(self, now: datetime) -> float:
        """Seconds from its start to its end (to `now` while it runs)."""
        return max(0.0, ((self.ended or now) - self.started).total_seconds())


def format_elapsed(seconds: float) -> str:
    """`4s`, `2m 05s`, `1h 03m`: a duration as /tasks shows it."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole}s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes}m {secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m"
