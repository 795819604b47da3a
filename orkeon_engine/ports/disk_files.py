"""DiskFiles: files the person names on their own disk, by real path (where /export writes when told).

Not the model's VFS: no tool reaches this port, and it knows no mount. Only a command the person runs
writes through it, to the path they typed."""

from __future__ import annotations

from typing import Protocol


class DiskFiles(Protocol):
    """Failure contract: a path that cannot be checked or written raises FilesError (ports/files.py) naming
    the path and the reason; a write is atomic (all of the new text, or the old file untouched), and makes
    the missing folders on the way."""

    async def exists(self, path: str) -> bool:
        """Whether something is at the absolute `path`."""
        ...

    async def write_text(self, path: str, text: str) -> None:
        """Replace (or create) the file at the absolute `path` with `text`, in UTF-8."""
        ...
