"""ClientFiles: the files of the workspace read and written by the client that drives the engine (an ACP
editor's fs/read_text_file and fs/write_text_file), so its unsaved buffers are seen and edits land in it."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.ports.open_documents import EditOutcome


class ClientFiles(Protocol):
    """Reads and writes by host path through the client. The VFS asks it for paths of the /workspace mount
    only, after its own checks (inside the mount, no symlink leading out, a writable mount).

    Failure contract: never raises. `read` is None when the client cannot read (no capability, an error
    answer: the VFS then reads the disk). `write` is "applied" when the client took the whole new text,
    "refused" when it answered with an error (the file is reported unchanged), "unsupported" when it
    cannot write files (the VFS writes the disk)."""

    async def read(self, host_path: str) -> str | None: ...

    async def write(self, host_path: str, text: str) -> EditOutcome: ...
