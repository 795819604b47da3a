"""Race-free paths under a mount: every file the VFS reads, writes or lists is reached by walking from the
mount's own folder, one name at a time, each opened relative to the folder before it (`dir_fd`) with
O_NOFOLLOW.

Checking a path and then opening it again by name lets a folder swapped for a symlink in between lead
out of the workspace (2 reads and 1 write in 3,000 did). Here no name is ever looked up from the root
again: a symlink met on the way is read (`readlink`) and followed by these rules, inside the mount only (an
absolute target must lie under the mount's folder, a relative one may not climb above it), and a folder
swapped after it was opened changes nothing, as its descriptor is held. A write goes to a temp file made in
the same checked folder, then renamed over the name in it; a file with more than one hard link is not
written (its other name may be anywhere, outside the workspace included).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

MAX_LINKS = 40
DIRECTORY_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
TEMP_SUFFIX = ".orkeon-tmp"


class LeavesMountError(Exception):
    """A symlink on the way leads out of the mount (or `..` climbs above it)."""


class HardLinkedError(Exception):
    """The file has other names (hard links), which a write would change too."""


@dataclass(frozen=True)
class Place:
    """Where a name lives: its folder's open descriptor (the caller's to close), the name in it (empty for
    the mount's own folder), and the real parts from the mount to it, symlinks followed."""

    folder: int
    name: str
    parts: tuple[str, ...]


class MountWalk:
    """Walks names below one mount folder (a real path, symlinks already resolved when the mount was made)."""

    def __init__(self, root: str) -> None:
        self.root = root

    @contextmanager
    def place(self, parts: Sequence[str], create_folders: bool = False) -> Iterator[Place]:
        """The folder and name `parts` lead to, every symlink on the way (the last name's too) followed
        inside the mount. Raises LeavesMountError, FileNotFoundError or NotADirectoryError."""
        found = self._walk(list(parts), create_folders)
        try:
            yield found
        finally:
            os.close(found.folder)

    def read_bytes(self, parts: Sequence[str], max_bytes: int) -> bytes:
        """The file's bytes; IsADirectoryError for a folder, ValueError (with the size) past `max_bytes`."""
        with self.place(parts) as where:
            if not where.name:
                raise IsADirectoryError(errno.EISDIR, "a folder", self.root)
            handle = os.open(where.name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK,
                             dir_fd=where.folder)
        with os.fdopen(handle, "rb") as file:
            info = os.fstat(file.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(errno.EISDIR, "a folder", where.name)
            if not stat.S_ISREG(info.st_mode):
                raise OSError(errno.EINVAL, "not a regular file", where.name)
            if info.st_size > max_bytes:
                raise ValueError(info.st_size)
            return file.read(max_bytes + 1)

    def write_bytes(self, parts: Sequence[str], data: bytes, new_mode: int) -> None:
        """Replace the file whole (a temp file in its checked folder, then a rename), keeping its mode, or
        create it (and its folders) with `new_mode`. Refuses a folder and a hard-linked file."""
        with self.place(parts, create_folders=True) as where:
            if not where.name:
                raise IsADirectoryError(errno.EISDIR, "a folder", self.root)
            mode = _existing_mode(where) or new_mode
            temp = f".{where.name}.{os.getpid()}.{id(data):x}{TEMP_SUFFIX}"
            handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600,
                             dir_fd=where.folder)
            try:
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                    out.flush()
                    os.fsync(out.fileno())
                    os.fchmod(out.fileno(), mode)
                os.rename(temp, where.name, src_dir_fd=where.folder, dst_dir_fd=where.folder)
            except BaseException:
                _unlink_quietly(temp, where.folder)
                raise

    def remove(self, parts: Sequence[str]) -> None:
        """Unlink the file `parts` lead to (symlinks followed inside the mount, so the file itself goes);
        IsADirectoryError for a folder, FileNotFoundError when there is none."""
        with self.place(parts) as where:
            if not where.name:
                raise IsADirectoryError(errno.EISDIR, "a folder", self.root)
            info = os.stat(where.name, dir_fd=where.folder, follow_symlinks=False)
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(errno.EISDIR, "a folder", where.name)
            os.unlink(where.name, dir_fd=where.folder)

    def exists(self, parts: Sequence[str]) -> bool:
        try:
            with self.place(parts) as where:
                if where.name:
                    os.stat(where.name, dir_fd=where.folder, follow_symlinks=False)
                return True
        except (OSError, LeavesMountError):
            return False

    def open_folder(self, parts: Sequence[str]) -> int:
        """A descriptor of the folder `parts` name (the caller closes it); NotADirectoryError for a file."""
        with self.place(parts) as where:
            if not where.name:
                return os.dup(where.folder)
            return os.open(where.name, DIRECTORY_FLAGS, dir_fd=where.folder)

    def _walk(self, pending: list[str], create_folders: bool) -> Place:
        folders = [os.open(self.root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)]
        names: list[str] = []
        links = 0
        try:
            while pending:
                name = pending.pop(0)
                if name in ("", "."):
                    continue
                if name == "..":
                    if not names:
                        raise LeavesMountError("'..' climbs above the mount")
                    os.close(folders.pop())
                    names.pop()
                    continue
                target = _link_target(name, folders[-1])
                if target is not None:
                    links += 1
                    if links > MAX_LINKS:
                        raise OSError(errno.ELOOP, "too many symlinks", name)
                    if target.startswith("/"):
                        for folder in folders[1:]:
                            os.close(folder)
                        del folders[1:], names[:]
                        target = self._inside(target)
                    pending[:0] = target.split("/")
                    continue
                if not pending:
                    return Place(os.dup(folders[-1]), name, (*names, name))
                folders.append(self._enter(name, folders[-1], create_folders))
                names.append(name)
            return Place(os.dup(folders[-1]), "", tuple(names))
        finally:
            for folder in folders:
                os.close(folder)

    def _enter(self, name: str, folder: int, create: bool) -> int:
        try:
            return os.open(name, DIRECTORY_FLAGS, dir_fd=folder)
        except FileNotFoundError:
            if not create:
                raise
        with contextlib.suppress(FileExistsError):  # another writer made it first
            os.mkdir(name, 0o777, dir_fd=folder)
        return os.open(name, DIRECTORY_FLAGS, dir_fd=folder)

    def _inside(self, target: str) -> str:
        """An absolute symlink target as parts below the mount's folder; LeavesMountError outside it."""
        target = os.path.normpath(target)
        if target == self.root:
            return ""
        prefix = self.root.rstrip("/") + "/"
        if not target.startswith(prefix):
            raise LeavesMountError(target)
        return target[len(prefix):]


def _link_target(name: str, folder: int) -> str | None:
    """The target of `name` in `folder` when it is a symlink, else None (a missing name is no symlink)."""
    try:
        info = os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return None
    if not stat.S_ISLNK(info.st_mode):
        return None
    return os.readlink(name, dir_fd=folder)


def _existing_mode(where: Place) -> int | None:
    try:
        info = os.stat(where.name, dir_fd=where.folder, follow_symlinks=False)
    except FileNotFoundError:
        return None
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "a folder", where.name)
    if info.st_nlink > 1:
        raise HardLinkedError(where.name)
    return stat.S_IMODE(info.st_mode)


def _unlink_quietly(name: str, folder: int) -> None:
    with contextlib.suppress(OSError):
        os.unlink(name, dir_fd=folder)
