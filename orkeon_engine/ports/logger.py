"""Logger: the engine's log, for the person who debugs it; never the place a result is shown."""

from __future__ import annotations

from typing import Protocol


class Logger(Protocol):
    """Best effort: a log call never raises and never blocks on the person.

    Nothing secret is ever passed to it (keys stay in the environment)."""

    def debug(self, message: str) -> None: ...

    def info(self, message: str) -> None: ...

    def warning(self, message: str) -> None: ...

    def error(self, message: str) -> None: ...
