"""VirtualFileSystem: the Files port over host folders mounted at /workspace, /output, /tmp and read-only roots.

Every path goes through the pure rules of domain/workspace/virtual_paths.py, then through the host: the real path
(symlinks followed) must stay inside the mount's real folder. The files themselves are reached race-free,
by walking from the mount's folder one name at a time with O_NOFOLLOW (adapters/mount_walk.py), so a folder
swapped for a symlink between the check and the open cannot lead out. A file open in the editor is read
from the editor's buffer and edited through it (OpenDocuments); every other write is atomic (a temp file in
the target's checked folder, then a rename), keeps the permissions of the file it replaces, and refuses a
file with other names (hard links).

Text that is not UTF-8 (a latin-1 file) is read with U+FFFD in place of the bytes that do not decode; a file
holding a NUL byte is binary and refused. Writing such a file back with U+FFFD in it is refused too: the
bytes the replacement stands for would be lost for good.

When the client reads and writes files itself (ClientFiles: an ACP editor), a file of the /workspace mount
is read and written through it, once the path has passed the same checks (inside the mount, no symlink
leading out, a writable mount), by its real host path; /output, /tmp and the read-only mounts stay on disk.

The private folder behind /tmp goes with `close`, or at the process's exit when nothing closed the VFS
(adapters/temp_paths.py), so none is left in the system's temp folder.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from orkeon_engine.adapters import temp_paths
from orkeon_engine.adapters.mount_walk import DIRECTORY_FLAGS, HardLinkedError, LeavesMountError, MountWalk
from orkeon_engine.domain.workspace.virtual_paths import (
    OUTPUT,
    TEMP,
    WORKSPACE,
    VirtualPath,
    VirtualPathError,
    printable,
    resolve_virtual,
)
from orkeon_engine.ports.client_files import ClientFiles
from orkeon_engine.ports.files import MISSING, DirEntry, EditRefusedError, FilesError, Mount
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
        self._walks = {m.virtual: MountWalk(m.host) for m in self._mounts}
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
        mount, where, lexical, real = self._locate(path)
        buffered = self._open_text(lexical, real)
        if buffered is not None:
            return buffered[1]
        if self._client_files is not None and where.mount == WORKSPACE and where.parts:
            text = await self._client_files.read(real)
            if text is not None:
                return _checked_size(where.text, text)
        return await asyncio.to_thread(_read_host, where.text, mount.virtual, self._walks[mount.virtual], where.parts)

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
        await asyncio.to_thread(_write_host, where.text, mount.virtual, self._walks[mount.virtual], where.parts, text)

    async def remove(self, path: str) -> None:
        mount, where, _, _ = self._locate(path)
        if not mount.writable:
            raise FilesError(where.text, f"{mount.virtual} is a read-only mount")
        if not where.parts:
            raise FilesError(where.text, "the root of a mount is a folder, not a file")
        await asyncio.to_thread(_remove_host, where.text, mount.virtual, self._walks[mount.virtual], where.parts)

    async def exists(self, path: str) -> bool:
        mount, where, _, _ = self._locate(path)
        return await asyncio.to_thread(self._walks[mount.virtual].exists, where.parts)

    async def list_dir(
        self, path: str, depth: int = 1, limit: int = 500, skip: frozenset[str] = frozenset()
    ) -> list[DirEntry]:
        mount, where, _, _ = self._locate(path)
        walk = self._walks[mount.virtual]
        return await asyncio.to_thread(_list_host, where.text, mount.virtual, walk, where.parts, depth, limit, skip)

    def close(self) -> None:
        """Remove the private temp folder this VFS made (nothing else)."""
        if self._owned_folder is not None:
            temp_paths.remove(self._owned_folder)

    def _locate(self, path: str) -> tuple[Mount, VirtualPath, str, str]:
        """The mount, the virtual path, its host path as written and its real host path; or FilesError."""
        try:
            where = resolve_virtual(path, list(self._by_root))
        except VirtualPathError as error:
            raise FilesError(error.path, error.reason) from None
        mount = self._by_root[where.mount]
        lexical = os.path.join(mount.host, *where.parts)
        try:
            real = os.path.realpath(lexical)
        except OSError:  # a symlink on the way vanished while it was read: the path is changing under us
            raise FilesError(where.text, "the path changed while it was being resolved; try again") from None
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
    shared: Sequence[Mount] = (),
) -> VirtualFileSystem:
    """The engine's VFS: /workspace on `root`, /output on `<local_dir>/output`, /tmp on a new private
    folder (removed by `close`), and the read-only mounts. Without a local folder (a read-only
    workspace) /output lives in the private folder too, and its description says it is not kept.
    `client_files` reads and writes /workspace through the client (an ACP editor). `shared` are writable
    mounts inside /workspace (the longest root wins): a batch's worktree sees the main tree's work folder."""
    private = temp_paths.made(tempfile.mkdtemp(prefix="orkeon-"))
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
        *(Mount(m.virtual, m.host, True, m.description) for m in shared),
    ]
    return VirtualFileSystem(mounts, documents, owned_folder=private, client_files=client_files)


def _read_host(virtual: str, mount: str, walk: MountWalk, parts: tuple[str, ...]) -> str:
    try:
        with _file_faults(virtual, mount, "read"):
            return _decoded(virtual, walk.read_bytes(parts, MAX_TEXT_BYTES))
    except ValueError as error:
        raise FilesError(virtual, f"too large to read as text ({error.args[0]:,} bytes)") from None


@contextmanager
def _file_faults(virtual: str, mount: str, verb: str) -> Iterator[None]:
    """An existing file's faults (reading or removing it) as FilesError naming the path and what was met."""
    try:
        yield
    except LeavesMountError:
        raise FilesError(virtual, f"a symlink leads out of the mount {mount}") from None
    except (FileNotFoundError, NotADirectoryError):
        raise FilesError(virtual, MISSING) from None
    except IsADirectoryError:
        raise FilesError(virtual, "a folder, not a file") from None
    except PermissionError:
        raise FilesError(virtual, "permission denied") from None
    except OSError as error:
        raise FilesError(virtual, f"cannot be {verb} ({error.strerror or error})") from None


def _decoded(virtual: str, data: bytes) -> str:
    """UTF-8 text, bytes that are not UTF-8 as U+FFFD; FilesError for a binary file (a NUL byte)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        if b"\0" in data:
            raise FilesError(virtual, "not UTF-8 text (a binary file?)") from None
        return data.decode("utf-8", "replace")


def _refuse_lossy_write(virtual: str, walk: MountWalk, parts: tuple[str, ...], text: str) -> None:
    """A file that is not UTF-8, written back with the U+FFFD its reading put in, would lose those bytes."""
    if "\ufffd" not in text:
        return
    try:
        walk.read_bytes(parts, MAX_TEXT_BYTES).decode("utf-8")
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, ValueError) as error:
        if not isinstance(error, UnicodeDecodeError):
            return  # no file to lose bytes of (or one too large to be read as text): the write says what it meets
        raise FilesError(virtual, "the file is not UTF-8 and was read with U+FFFD in place of some bytes; this "
                                  "text would replace those bytes for good, so it is not written (convert the "
                                  "file to UTF-8 first)") from None


def _checked_size(virtual: str, text: str) -> str:
    """The client's text of a file, refused past the size a read from disk takes."""
    size = len(text.encode("utf-8", errors="surrogatepass"))
    if size > MAX_TEXT_BYTES:
        raise FilesError(virtual, f"too large to read as text ({size:,} bytes)")
    return text


def _write_host(virtual: str, mount: str, walk: MountWalk, parts: tuple[str, ...], text: str) -> None:
    try:
        _refuse_lossy_write(virtual, walk, parts, text)
        walk.write_bytes(parts, text.encode("utf-8"), NEW_FILE_MODE)
    except UnicodeEncodeError:
        raise FilesError(virtual, "cannot be written: the text is not valid Unicode") from None
    except LeavesMountError:
        raise FilesError(virtual, f"a symlink leads out of the mount {mount}") from None
    except HardLinkedError:
        raise FilesError(virtual, "the file has other names (hard links) that a write would change too, maybe "
                                  "outside the workspace; it is not written") from None
    except IsADirectoryError:
        raise FilesError(virtual, "a folder, not a file") from None
    except (FileExistsError, NotADirectoryError):
        raise FilesError(virtual, "a parent of this path is a file, not a folder") from None
    except PermissionError:
        raise FilesError(virtual, "permission denied") from None
    except OSError as error:
        raise FilesError(virtual, f"cannot be written ({error.strerror or error})") from None


def _remove_host(virtual: str, mount: str, walk: MountWalk, parts: tuple[str, ...]) -> None:
    with _file_faults(virtual, mount, "removed"):
        walk.remove(parts)


def _list_host(virtual: str, mount: str, walk: MountWalk, parts: tuple[str, ...], depth: int, limit: int,
               skip: frozenset[str]) -> list[DirEntry]:
    try:
        top = walk.open_folder(parts)
    except LeavesMountError:
        raise FilesError(virtual, f"a symlink leads out of the mount {mount}") from None
    except NotADirectoryError:
        raise FilesError(virtual, "a file, not a folder") from None
    except OSError:
        raise FilesError(virtual, "no such folder") from None
    found: list[DirEntry] = []
    queue: deque[tuple[int, str, int]] = deque([(top, virtual, 1)])
    try:
        while queue and len(found) < limit:
            folder, shown, level = queue.popleft()
            try:
                for entry in _entries(folder):
                    if len(found) >= limit:
                        break
                    child = f"{shown}/{printable(entry.name)}"
                    is_dir = _is_dir(entry)
                    found.append(DirEntry(child, is_dir, 0 if is_dir else _size(entry)))
                    if is_dir and not entry.is_symlink() and entry.name not in skip and level < depth:
                        inner = _open_subfolder(entry.name, folder)
                        if inner is not None:
                            queue.append((inner, child, level + 1))
            finally:
                os.close(folder)
    finally:
        for folder, _, _ in queue:
            os.close(folder)
    return found


def _entries(folder: int) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(folder) as scan:
            return sorted(scan, key=lambda entry: entry.name)
    except OSError:
        return []


def _open_subfolder(name: str, folder: int) -> int | None:
    """A subfolder met in a listing, opened below the folder's own descriptor, never through a symlink."""
    try:
        return os.open(name, DIRECTORY_FLAGS, dir_fd=folder)
    except OSError:
        return None


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _size(entry: os.DirEntry[str]) -> int:
    try:
        return entry.stat(follow_symlinks=False).st_size
    except OSError:
        return 0
