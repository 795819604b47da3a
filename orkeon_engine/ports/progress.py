"""Progress: the host's progress line for long work; best effort."""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    """A progress report the person can watch. Best effort: never raises.

    `cancelled` becomes True when the person asked to stop; long work checks it at its safe points."""

    def begin(self, title: str, message: str = "") -> None: ...

    def report(self, message: str, percentage: int | None = None) -> None: ...

    def end(self, message: str = "") -> None: ...

    @property
    def cancelled(self) -> bool: ...
