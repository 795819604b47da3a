"""OpenDocuments: the editor's open buffers, which the Files port reads first and edits through."""

from __future__ import annotations

from typing import Literal, Protocol

EditOutcome = Literal["applied", "refused", "unsupported"]


class OpenDocuments(Protocol):
    """The overlay of unsaved editor text over the disk.

    Failure contract: never raises. `text` is None for a file that is not open. `apply` sends the whole
    new text of an open file to the editor: "applied" when the editor took it, "refused" when it said no
    (reported to the model as refused), "unsupported" when the editor cannot take edits (the caller then
    writes the file on disk)."""

    def text(self, host_path: str) -> str | None: ...

    async def apply(self, host_path: str, new_text: str) -> EditOutcome: ...
