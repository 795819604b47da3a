"""FakeClipboard: the Clipboard port keeping what was copied in `copied`; set `error` to play a machine with
no clipboard."""

from __future__ import annotations

from orkeon_engine.ports.clipboard import ClipboardError


class FakeClipboard:
    def __init__(self, way: str = "wl-copy") -> None:
        self.way = way
        self.copied: list[str] = []
        self.error: ClipboardError | None = None

    async def copy(self, text: str) -> str:
        if self.error is not None:
            raise self.error
        self.copied.append(text)
        return self.way
