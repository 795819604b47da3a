"""FakeProgress: the Progress port recording begin, report and end; set `cancel_after` to cancel."""

from __future__ import annotations


class FakeProgress:
    def __init__(self, cancel_after: int | None = None) -> None:
        self.events: list[tuple[str, str]] = []
        self.percentages: list[int | None] = []
        """The percentage of each report, in order."""
        self.cancel_after = cancel_after

    def begin(self, title: str, message: str = "") -> None:
        self.events.append(("begin", f"{title}: {message}" if message else title))

    def report(self, message: str, percentage: int | None = None) -> None:
        self.events.append(("report", message))
        self.percentages.append(percentage)

    def end(self, message: str = "") -> None:
        self.events.append(("end", message))

    @property
    def cancelled(self) -> bool:
        reports = sum(1 for kind, _ in self.events if kind == "report")
        return self.cancel_after is not None and reports >= self.cancel_after

    def messages(self) -> list[str]:
        return [message for _, message in self.events]
