"""FakeLogger: the Logger port keeping every line for a test to read."""

from __future__ import annotations


class FakeLogger:
    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []

    def debug(self, message: str) -> None:
        self.lines.append(("debug", message))

    def info(self, message: str) -> None:
        self.lines.append(("info", message))

    def warning(self, message: str) -> None:
        self.lines.append(("warning", message))

    def error(self, message: str) -> None:
        self.lines.append(("error", message))

    def text(self) -> str:
        return "\n".join(message for _, message in self.lines)
