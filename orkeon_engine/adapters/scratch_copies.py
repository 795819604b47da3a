"""TempFolderScratchCopies: the ScratchCopies port over copies of the workspace in new folders of the system's
temp folder (`orkeon-scratch-*`, private to this user), each copied off the event loop.

What a copy holds:
- every file and folder of the workspace as it is on disk, file modes and times kept; left out: `.git` (a
  folder or a worktree's file), the caches (`__pycache__`, `.pytest_cache`, `.mypy_cache`, `.ruff_cache`),
  Orkeon's local state (`.orkeon/local`), and special files (fifos, sockets, devices);
- the heavy environment folders a check needs but nobody should duplicate (`node_modules`, `.venv`, `venv`,
  `.tox`, `.nox`, at any depth) as symlinks to the workspace's own folder;
- the workspace's symlinks as symlinks, never followed: their targets are never read. A relative link that
  stays inside the workspace is kept as written (it leads into the copy); one that climbs out of it is
  written as the absolute path it leads to from the workspace, so it names what it named there and not
  whatever sits beside the temp folder. The copy's Files port refuses every link that leaves the copy, as the
  workspace's refuses one leaving the workspace.

Every file is opened relative to its folder's descriptor with O_NOFOLLOW (and O_NONBLOCK: a file swapped for
a fifo cannot hang the copy), and its kind is checked on the open descriptor, so a file swapped for a symlink
while the copy runs is never followed. At most MAX_FILES files and MAX_BYTES bytes are copied: past either,
or at a file that cannot be read, the copy stops with a ScratchError naming the limit or the file, and the
partial copy is removed.

A Python project installed in editable mode into a linked `.venv` would import its original sources, not
the copy's: a copy's commands get the copy (and its `src`) first on PYTHONPATH (`copy_first_environment`).
The copy starts with no `__pycache__`, and the shell writes none (adapters/subprocess_shell.py), so two
candidates of one size written in one second are each checked as written.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import posixpath
import shutil
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

from orkeon_engine.adapters.mount_walk import DIRECTORY_FLAGS
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.scratch_copies import ScratchCopy, ScratchError
from orkeon_engine.ports.shell import Shell

MAX_FILES = 20_000
MAX_BYTES = 200 * 1024 * 1024
PREFIX = "orkeon-scratch-"
SKIPPED_NAMES = frozenset({".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"})
SKIPPED_PATHS = frozenset({(".orkeon", "local")})
LINKED_NAMES = frozenset({"node_modules", ".venv", "venv", ".tox", ".nox"})
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
CHUNK = 1024 * 1024

ScratchPorts = tuple[Files, Shell, Callable[[], None]]
OpenScratchPorts = Callable[[Path], ScratchPorts]
"""(the copy's folder) → its Files port, its Shell, and what closes them: the composition root builds them as
it builds the workspace's."""


class TempFolderScratchCopies:
    """Copies of the workspace at `root` in new folders under `temp_dir` (the system's temp folder when None),
    their ports built by `ports`."""

    def __init__(self, root: str | Path, ports: OpenScratchPorts, temp_dir: str | Path | None = None,
                 max_files: int = MAX_FILES, max_bytes: int = MAX_BYTES) -> None:
        self._root = Path(root)
        self._ports = ports
        self._temp_dir = str(temp_dir) if temp_dir is not None else None
        self._limits = _Limits(max_files, max_bytes)

    async def open(self) -> ScratchCopy:
        stop = threading.Event()
        copying = asyncio.ensure_future(asyncio.to_thread(_copy_workspace, self._root, self._temp_dir,
                                                          self._limits, stop))
        try:
            folder = await asyncio.shield(copying)
        except asyncio.CancelledError:  # the thread runs on: it stops at its next file, and what it made goes
            stop.set()
            copying.add_done_callback(_remove_made)
            raise
        try:
            files, shell, close_ports = self._ports(folder)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return ScratchCopy(str(folder), files, shell, _once(close_ports, folder))


def copy_first_environment(folder: Path, env: Mapping[str, str]) -> dict[str, str]:
    """`env` with the copy's folder, and its `src` when it has one, put first on PYTHONPATH."""
    first = [str(folder)] + ([str(folder / "src")] if (folder / "src").is_dir() else [])
    rest = [part for part in env.get("PYTHONPATH", "").split(os.pathsep) if part]
    return {**env, "PYTHONPATH": os.pathsep.join(first + rest)}


class _Limits:
    def __init__(self, max_files: int, max_bytes: int) -> None:
        self.max_files = max_files
        self.max_bytes = max_bytes


class _Tally:
    """What a copy has taken so far, checked against the limits before each file."""

    def __init__(self, workspace: Path, limits: _Limits) -> None:
        self.workspace = workspace
        self.limits = limits
        self.files = 0
        self.bytes = 0

    def add_file(self) -> None:
        self.files += 1
        if self.files > self.limits.max_files:
            raise ScratchError(f"{self.workspace} is too large for a scratch copy: more than "
                               f"{self.limits.max_files:,} files (the limit)")

    def add_bytes(self, count: int) -> None:
        self.bytes += count
        if self.bytes > self.limits.max_bytes:
            raise ScratchError(f"{self.workspace} is too large for a scratch copy: more than "
                               f"{_megabytes(self.limits.max_bytes)} of files (the limit)")


def _copy_workspace(root: Path, temp_dir: str | None, limits: _Limits, stop: threading.Event) -> Path:
    """A new folder holding the copy of `root`; ScratchError (and no folder left) when it cannot be whole."""
    workspace = Path(os.path.realpath(root))
    try:
        root_fd = os.open(workspace, DIRECTORY_FLAGS)
    except OSError as error:
        raise ScratchError(f"the workspace {workspace} cannot be read ({error.strerror or error})") from None
    try:
        folder = Path(tempfile.mkdtemp(prefix=PREFIX, dir=temp_dir))
    except OSError as error:
        os.close(root_fd)
        raise ScratchError(f"no scratch folder can be made in {temp_dir or tempfile.gettempdir()} "
                           f"({error.strerror or error})") from None
    try:
        _copy_tree(root_fd, workspace, folder, _Tally(workspace, limits), stop)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


def _copy_tree(root_fd: int, workspace: Path, folder: Path, tally: _Tally, stop: threading.Event) -> None:
    """Copies the folder open as `root_fd` into `folder`, breadth first; closes every descriptor it opens."""
    pending: list[tuple[int, tuple[str, ...]]] = [(root_fd, ())]
    try:
        while pending:
            source, parts = pending.pop()
            try:
                for name in _names(source, workspace, parts):
                    if stop.is_set():
                        raise ScratchError(f"the scratch copy of {workspace} was stopped")
                    child = _copy_entry(source, name, parts, workspace, folder, tally)
                    if child is not None:
                        pending.append((child, (*parts, name)))
            finally:
                os.close(source)
    finally:
        for source, _ in pending:
            os.close(source)


def _names(source: int, workspace: Path, parts: tuple[str, ...]) -> list[str]:
    with _named(workspace, parts), os.scandir(source) as entries:
        return sorted(entry.name for entry in entries)


def _copy_entry(source: int, name: str, parts: tuple[str, ...], workspace: Path, folder: Path,
                tally: _Tally) -> int | None:
    """Copies one entry of the folder open as `source`; answers the descriptor of a folder to copy next."""
    path = (*parts, name)
    if name in SKIPPED_NAMES or path in SKIPPED_PATHS:
        return None
    target = folder.joinpath(*path)
    with _named(workspace, path):
        mode = os.stat(name, dir_fd=source, follow_symlinks=False).st_mode
        if stat.S_ISLNK(mode):
            tally.add_file()
            os.symlink(_link_target(os.readlink(name, dir_fd=source), parts, workspace), target)
        elif stat.S_ISDIR(mode) and name in LINKED_NAMES:
            os.symlink(workspace.joinpath(*path), target)
        elif stat.S_ISDIR(mode):
            child = os.open(name, DIRECTORY_FLAGS, dir_fd=source)
            try:
                os.mkdir(target)
            except BaseException:
                os.close(child)
                raise
            return child
        elif stat.S_ISREG(mode):
            _copy_file(source, name, target, tally)
    return None


def _link_target(written: str, parts: tuple[str, ...], workspace: Path) -> str:
    """What the copy's link says: as written when absolute or when it stays inside the workspace; else the
    absolute path it leads to from the workspace (never a path beside the temp folder)."""
    if os.path.isabs(written):
        return written
    inside = posixpath.normpath(posixpath.join(*parts, written)) if parts else posixpath.normpath(written)
    if inside != ".." and not inside.startswith("../"):
        return written
    return os.path.normpath(os.path.join(workspace, *parts, written))


def _copy_file(source: int, name: str, target: Path, tally: _Tally) -> None:
    """Copies one regular file, opened without following a link; one swapped for anything else is skipped."""
    given = os.open(name, FILE_FLAGS, dir_fd=source)
    try:
        facts = os.fstat(given)
        if not stat.S_ISREG(facts.st_mode):
            return
        tally.add_file()
        tally.add_bytes(facts.st_size)  # before a byte is written; a file growing meanwhile counts as it grows
        made = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        with os.fdopen(made, "wb") as out:
            copied = 0
            while chunk := os.read(given, CHUNK):
                tally.add_bytes(max(copied + len(chunk) - facts.st_size, 0) - max(copied - facts.st_size, 0))
                copied += len(chunk)
                out.write(chunk)
            out.flush()
            os.fchmod(made, stat.S_IMODE(facts.st_mode))
            os.utime(made, ns=(facts.st_atime_ns, facts.st_mtime_ns))
    finally:
        os.close(given)


@contextlib.contextmanager
def _named(workspace: Path, path: tuple[str, ...]) -> Iterator[None]:
    """An OS error met on `path` as a ScratchError naming it."""
    try:
        yield
    except OSError as error:
        where = "/".join(path) or "."
        raise ScratchError(f"{where} in {workspace} cannot be copied ({error.strerror or error})") from None


def _once(close_ports: Callable[[], None], folder: Path) -> Callable[[], None]:
    closed = False

    def close() -> None:
        nonlocal closed
        if closed:
            return
        closed = True
        try:
            close_ports()
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    return close


def _remove_made(copying: asyncio.Future[Path]) -> None:
    """The folder a copy made after its caller stopped waiting, removed."""
    if not copying.cancelled() and copying.exception() is None:
        shutil.rmtree(copying.result(), ignore_errors=True)


def _megabytes(count: int) -> str:
    return f"{count / (1024 * 1024):,.0f} MB"
