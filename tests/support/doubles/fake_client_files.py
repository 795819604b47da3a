"""FakeClientFiles: the ClientFiles port over a dict of the client's texts by host path; `outcome` is what
every write gets back, `can_read` whether reads are answered; `reads` and `writes` record the calls."""

from __future__ import annotations

from orkeon_engine.ports.open_documents import EditOutcome


class FakeClientFiles:
    def __init__(self, texts: dict[str, str] | None = None, outcome: EditOutcome = "applied",
                 can_read: bool = True) -> None:
        self.texts: dict[str, str] = dict(texts or {})
        self.outcome: EditOutcome = outcome
        self.can_read = can_read
        self.reads: list[str] = []
        self.writes: list[tuple[str, str]] = []

    async def read(self, host_path: str) -> str | None:
        self.reads.append(host_path)
        return self.texts.get(host_path) if self.can_read else None

    async def write(self, host_path: str, text: str) -> EditOutcome:
        self.writes.append((host_path, text))
        if self.outcome == "applied":
            self.texts[host_path] = text
        return self.outcome
