"""Files: read, write and list by virtual path over the mounts (/workspace, /output, /tmp, read-only ones)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

MISSING = "no such file"
"""The reason of a FilesError for a path where no file is."""


class FilesError(Exception):
    """A path that cannot be used: the message names the path and the reason (outside its mount, a
    symlink leaving it, a NUL or newline in the name, a read-only mount, not found, not a file)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class EditRefusedError(FilesError):
    """The editor holds the file open and refused the new text; the file is unchanged."""

    def __init__(self, path: str) -> None:
        super().__init__(path, "the editor refused the edit of this open file; it is unchanged")


@dataclass(frozen=True)
class Mount:
    """A mount of the VFS: its virtual root, the host folder behind it, and whether it can be written."""

    virtual: str
    host: str
    writable: bool
    description: str = ""


@dataclass(frozen=True)
class DirEntry:
    """One entry of a listing: its virtual path, whether it is a folder, its size in bytes (files)."""

    path: str
    is_dir: bool
    size: int = 0


class Files(Protocol):
    """The VFS. Relative paths resolve under /workspace.

    Failure contract: every refusal or missing file raises FilesError naming the path; nothing else is
    raised for a bad path. A write is atomic (all of the new text, or the old file untouched). A file open
    in the editor is read from its buffer, and a write to it goes to the editor when the editor takes it."""

    def mounts(self) -> list[Mount]: ...

    def resolve(self, path: str) -> str:
        """The normalised virtual path (`src/a.py` -> `/workspace/src/a.py`), or FilesError."""
        ...

    def host_path(self, path: str) -> str:
        """The host path behind a virtual path, or FilesError."""
        ...

    def real_path(self, path: str) -> str:
        """The virtual path of what `path` names once every symlink on the way is followed (inside its
        mount; one leaving it is a FilesError): `resolve(path)` itself when no symlink is on the way."""
        ...

    async def read_text(self, path: str) -> str: ...

    async def write_text(self, path: str, text: str) -> None:
        """Replace the file's text (creating its folders); EditRefusedError when the editor refused it."""
        ...

    async def remove(self, path: str) -> None:
        """Remove a file (never a folder): what taking back a turn that created it does; FilesError when it
        cannot (no such file, a folder, a read-only mount)."""
        ...

    async def exists(self, path: str) -> bool: ...

    async def list_dir(
        self, path: str, depth: int = 1, limit: int = 500, skip: frozenset[str] = frozenset()
    ) -> list[DirEntry]:
        """The entries under a folder, breadth first, at most `depth` levels and `limit` entries.

        A folder whose name is in `skip` (`.git`, `node_modules`) is listed but not entered; a symlinked
        folder is listed but not entered either."""
        ...
