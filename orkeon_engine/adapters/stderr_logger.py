"""StderrLogger: the Logger port writing to a stream (stderr by default), never to stdout."""

from __future__ import annotations

import sys
from typing import Protocol

LEVELS = {"debug": 10, "info": 20, "warning": 30, "error": 40}


class Stream(Protocol):
    """Where the lines go: stderr, or any text stream (the terminal's screen, above its spinner)."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


class StderrLogger:
    """Writes `level: message` lines at or above a threshold; a write that fails is dropped."""

    def __init__(self, level: str = "warning", stream: Stream | None = None) -> None:
        self._threshold = LEVELS.get(level, 30)
        self._stream = stream

    def _write(self, level: str, message: str) -> None:
        if LEVELS[level] < self._threshold:
            return
        stream = self._stream or sys.stderr
        try:
            stream.write(f"orkeon {level}: {message}\n")
            stream.flush()
        except (OSError, ValueError):
            pass

    def debug(self, message: str) -> None:
        self._write("debug", message)

    def info(self, message: str) -> None:
        self._write("info", message)

    def warning(self, message: str) -> None:
        self._write("warning", message)

    def error(self, message: str) -> None:
        self._write("error", message)
