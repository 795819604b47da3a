"""FakeOpenDocuments: the editor's open buffers by host path; `outcome` is what every edit gets back."""

from __future__ import annotations

from orkeon_engine.ports.open_documents import EditOutcome


class FakeOpenDocuments:
    def __init__(self, texts: dict[str, str] | None = None, outcome: EditOutcome = "applied") -> None:
        self.texts: dict[str, str] = dict(texts or {})
        self.outcome: EditOutcome = outcome
        self.applied: list[tuple[str, str]] = []

    def text(self, host_path: str) -> str | None:
        return self.texts.get(host_path)

    async def apply(self, host_path: str, new_text: str) -> EditOutcome:
        self.applied.append((host_path, new_text))
        if self.outcome == "applied":
            self.texts[host_path] = new_text
        return self.outcome
