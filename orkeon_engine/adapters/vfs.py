"""VirtualFileSystem: the Files port over host folders mounted at /workspace, /output, /tmp and read-only roots.

Every path goes through the pure rules of domain/virtual_paths.py, then through the host: the real path
(symlinks followed) must stay inside the mount's real folder. A file open in the editor is read from the
editor's buffer and edited through it (OpenDocuments); every other write is atomic (a temp file beside the
target, then a rename), and keeps the permissions of the file it replaces.

When the client reads and writes files itself (ClientFiles: an ACP editor), a file of the /workspace mount
is read and written through it, once the path has passed the same checks (inside the mount, no symlink
leading out, a writable mount), by its real host path; /output, /tmp and the read-only mounts stay on disk.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections import deque
from collections.abc import Sequence
from pathlib import Path

from orkeon_engine.adapters.atomic_write import write_atomically
from orkeon_engine.domain.virtual_paths import (
    OUTPUT,
    TEMP,
    WORKSPACE,
    VirtualPath,
    VirtualPathError,
    printable,
    resolve_virtual,
)
from orkeon_engine.ports.client_files import ClientFiles
from orkeon_engine.ports.files import DirEntry, EditRefusedError, FilesError, Mount
from orkeon_engine.ports.open_documents import OpenDocuments

MAX_TEXT_BYTES = 16 * 1024 * 1024
NEW_FILE_MODE = 0o644


class VirtualFileSystem:
    """The mounts, the editor's overlay, and (when it made one) the private temp folder it removes on close."""

    def __init__(
        self,
        mounts: Sequence[Mount],
        documents: OpenDocuments | None = None,
        owned_folder: Path | None = None,
        client_files: ClientFiles | None = None,
    ) -> None:
        self._mounts = [
            Mount(m.virtual.rstrip("/") or m.virtual, os.path.realpath(m.host), m.writable, m.description)
            for m in mounts
        ]
        roots = [m.virtual for m in self._mounts]
        if len(set(roots)) != len(roots) or not all(root.startswith("/") for root in roots):
            raise ValueError(f"mounts must be distinct absolute virtual roots: {roots}")
        self._by_root = {m.virtual: m for m in self._mounts}
        self._documents = documents
        self._owned_folder = owned_folder
        self._client_files = client_files

    def mounts(self) -> list[Mount]:
        return list(self._mounts)

    def resolve(self, path: str) -> str:
        return self._locate(path)[1].text

    def host_path(self, path: str) -> str:
        return self._locate(path)[2]

    def real_path(self, path: str) -> str:
        mount, where, _, real = self._locate(path)
        below = os.path.relpath(real, mount.host)
        if below == os.curdir:
            return mount.virtual
        return "/".join((mount.virtual, *below.split(os.sep)))

    async def read_text(self, path: str) -> str:
        _, where, lexical, real = self._locate(path)
        buffered = self._open_text(lexical, real)
        if buffered is not None:
            return buffered[1]
        if self._client_files is not None and where.mount == WORKSPACE and where.parts:
            text = await self._client_files.read(real)
            if text is not None:
                return _checked_size(where.text, text)
        return await asyncio.to_thread(_read_host, where.text, real)

    async def write_text(self, path: str, text: str) -> None:
        mount, where, lexical, real = self._locate(path)
        if not mount.writable:
            raise FilesError(where.text, f"{mount.virtual} is a read-only mount")
        if not where.parts:
            raise FilesError(where.text, "the root of a mount is a folder, not a file")
        buffered = self._open_text(lexical, real)
        if buffered is not None and self._documents is not None:
            outcome = await self._documents.apply(buffered[0], text)
            if outcome == "applied":
                return
            if outcome == "refused":
                raise EditRefusedError(where.text)
        if self._client_files is not None and where.mount == WORKSPACE:
            if os.path.isdir(real):
                raise FilesError(where.text, "a folder, not a file")
            outcome = await self._client_files.write(real, text)
            if outcome == "applied":
                return
            if outcome == "refused":
                raise EditRefusedError(where.text)
        await asyncio.to_thread(_write_host, where.text, Path(real), text)

    async def exists(self, path: str) -> bool:
        real = self._locate(path)[3]
        return await asyncio.to_thread(os.path.exists, real)

    async def list_dir(
        self, path: str, depth: int = 1, limit: int = 500, skip: frozenset[str] = frozenset()
    ) -> list[DirEntry]:
        _, where, _, real = self._locate(path)
        return await asyncio.to_thread(_list_host, where.text, real, depth, limit, skip)

    def close(self) -> None:
        """Remove the private temp folder this VFS made (nothing else)."""
        if self._owned_folder is not None:
            shutil.rmtree(self._owned_folder, ignore_errors=True)

    def _locate(self, path: str) -> tuple[Mount, VirtualPath, str, str]:
        """The mount, the virtual path, its host path as written and its real host path; or FilesError."""
        try:
            where = resolve_virtual(path, list(self._by_root))
        except VirtualPathError as error:
            raise FilesError(error.path, error.reason) from None
        mount = self._by_root[where.mount]
        lexical = os.path.join(mount.host, *where.parts)
        real = os.path.realpath(lexical)
        if real != mount.host and not real.startswith(mount.host.rstrip(os.sep) + os.sep):
            raise FilesError(where.text, f"a symlink leads out of the mount {mount.virtual}")
        return mount, where, lexical, real

    def _open_text(self, lexical: str, real: str) -> tuple[str, str] | None:
        """(the host path the editor knows, its buffer) for a file open in the editor, else None."""
        if self._documents is None:
            return None
        for key in dict.fromkeys((lexical, real)):
            text = self._documents.text(key)
            if text is not None:
                return key, text
        return None


def create_workspace_vfs(
    root: Path,
    local_dir: Path | None,
    documents: OpenDocuments | None = None,
    read_only: Sequence[Mount] = (),
    client_files: ClientFiles | None = None,
) -> VirtualFileSystem:
    """The engine's VFS: /workspace on `root`, /output on `<local_dir>/output`, /tmp on a new private
    folder (removed by `close`), and the read-only mounts. Without a local folder (a read-only
    workspace) /output lives in the private folder too, and its description says it is not kept.
    `client_files` reads and writes /workspace through the client (an ACP editor)."""
    private = Path(tempfile.mkdtemp(prefix="orkeon-"))
    temp = private / "tmp"
    temp.mkdir()
    if local_dir is not None:
        output = local_dir / "output"
        output.mkdir(parents=True, exist_ok=True)
        output_note = "the crews' output folder (.orkeon/local/output/), kept with the project"
    else:
        output = private / "output"
        output.mkdir()
        output_note = "the crews' output folder; not kept, as the workspace cannot be written"
    mounts = [
        Mount(WORKSPACE, str(root), True, "the project"),
        Mount(OUTPUT, str(output), True, output_note),
        Mount(TEMP, str(temp), True, "a private scratch folder, emptied when the engine stops"),
        *(Mount(m.virtual, m.host, False, m.description) for m in read_only),
    ]
    return VirtualFileSystem(mounts, documents, owned_folder=private, client_files=client_files)


def _read_host(virtual: str, real: str) -> str:
    try:
        size = os.path.getsize(real)
        if size > MAX_TEXT_BYTES:
            raise FilesError(virtual, f"too large to read as text ({size:,} bytes)")
        with open(real, encoding="utf-8", newline="") as handle:
            return handle.read()
    except (FileNotFoundError, NotADirectoryError):
        raise FilesError(virtual, "no such file") from None
    except IsADirectoryError:
        raise FilesError(virtual, "a folder, not a file") from None
    except UnicodeDecodeError:
        raise FilesError(virtual, "not UTF-8 text (a binary file?)") from None
    except PermissionError:
        raise FilesError(virtual, "permission denied") from None
    except OSError as error:
        raise FilesError(virtual, f"cannot be read ({error.strerror or error})") from None


def _checked_size(virtual: str, text: str) -> str:
    """The client's text of a file, refused past the size a read from disk takes."""
    size = len(text.encode("utf-8", errors="surrogatepass"))
    if size > MAX_TEXT_BYTES:
        raise FilesError(virtual, f"too large to read as text ({size:,} bytes)")
    return text


def _write_host(virtual: str, target: Path, text: str) -> None:
    try:
        if target.is_dir():
            raise FilesError(virtual, "a folder, not a file")
        mode = target.stat().st_mode & 0o7777 if target.exists() else NEW_FILE_MODE
        write_atomically(target, text, mode)
    except FileExistsError:
        raise FilesError(virtual, "a parent of this path is a file, not a folder") from None
    except NotADirectoryError:
        raise FilesError(virtual, "a parent of this path is a file, not a folder") from None
    except PermissionError:
        raise FilesError(virtual, "permission denied") from None
    except OSError as error:
        raise FilesError(virtual, f"cannot be written ({error.strerror or error})") from None


def _list_host(virtual: str, real: str, depth: int, limit: int, skip: frozenset[str]) -> list[DirEntry]:
    if not os.path.isdir(real):
        reason = "a file, not a folder" if os.path.exists(real) else "no such folder"
        raise FilesError(virtual, reason)
    found: list[DirEntry] = []
    queue: deque[tuple[str, str, int]] = deque([(real, virtual, 1)])
    while queue and len(found) < limit:
        host, shown, level = queue.popleft()
        try:
            with os.scandir(host) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except OSError:
            continue
        for entry in entries:
            if len(found) >= limit:
                break
            child = f"{shown}/{printable(entry.name)}"
            is_dir = _is_dir(entry)
            found.append(DirEntry(child, is_dir, 0 if is_dir else _size(entry)))
            enter = is_dir and not entry.is_symlink() and entry.name not in skip and level < depth
            if enter:
                queue.append((entry.path, child, level + 1))
    return found


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _size(entry: os.DirEntry[str]) -> int:
    try:
        return entry.stat().st_size
    except OSError:
        return 0
