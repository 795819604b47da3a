"""MemoryEntryFiles: the MemoryEntries port over the workspace's `.orkeon/memory/` folder.

Entries are the `*.md` files of the folder and its sub-folders whose names start with neither `_` nor `.`;
`_refused.md` is the refused list. The folder is committed by a team, so it is read as outside input: a
symbolic link (a file, a sub-folder, or the folder itself) is never followed, a file over MAX_FILE_BYTES
or not UTF-8 is skipped with its reason, and the walk stops at MAX_FILES files and MAX_DEPTH folders deep.
New entries are created without ever replacing a file (a temp file hard-linked to its name); the refused
list is replaced atomically.
"""

from __future__ import annotations

import asyncio
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from orkeon_engine.adapters.atomic_write import write_atomically
from orkeon_engine.domain.shared_memory.entries import (
    EntryFormatError,
    EntryListing,
    MemoryEntry,
    StoredEntry,
    entry_file_name,
    parse_entry,
    render_entry,
)
from orkeon_engine.domain.shared_memory.refused import REFUSED_FILE, RefusedList, parse_refused, render_refused
from orkeon_engine.ports.memory_entries import MemoryFilesError

FOLDER = ".orkeon/memory"
MAX_FILE_BYTES = 256 * 1024
MAX_FILES = 100_000
MAX_DEPTH = 8


@dataclass(frozen=True)
class FileStamp:
    """What tells a file changed without reading it: its modification time and size."""

    mtime_ns: int
    size: int


@dataclass(frozen=True)
class Scan:
    """The entry files found (relative path -> stamp), the folders walked (relative path -> mtime), and
    what could not be walked."""

    files: dict[str, FileStamp]
    folders: dict[str, int]
    problems: tuple[str, ...] = ()


class MemoryEntryFiles:
    """The shared memory's files under `root`/.orkeon/memory."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.folder = self.root / FOLDER

    @property
    def location(self) -> str:
        return FOLDER

    # -- the port ----------------------------------------------------------------------------------------

    async def listing(self) -> EntryListing:
        return await asyncio.to_thread(self._listing)

    async def write_entry(self, entry: MemoryEntry) -> str:
        return await asyncio.to_thread(self._write_entry, entry)

    async def refused(self) -> RefusedList:
        return await asyncio.to_thread(self._refused)

    async def write_refused(self, refused: RefusedList) -> str:
        return await asyncio.to_thread(self._write_refused, refused)

    # -- what the index reads ----------------------------------------------------------------------------

    def relative(self, name: str) -> str:
        """The workspace-relative path of a file named relative to the folder."""
        return f"{FOLDER}/{name}"

    def scan(self) -> Scan:
        """Every entry file's stamp and every folder's modification time, symbolic links left out."""
        problem = self._folder_problem()
        if problem:
            return Scan({}, {}, (problem,))
        files: dict[str, FileStamp] = {}
        folders: dict[str, int] = {}
        problems: list[str] = []
        pending: list[tuple[str, int]] = [("", 0)]
        while pending:
            relative, depth = pending.pop()
            folder = self.folder / relative if relative else self.folder
            try:
                folders[relative] = os.stat(folder, follow_symlinks=False).st_mtime_ns
                with os.scandir(folder) as listing:
                    children = sorted(listing, key=lambda child: child.name)
            except OSError as error:
                if relative:
                    problems.append(f"{self.relative(relative)}: cannot be listed ({error.strerror or error})")
                continue
            for child in children:
                name = f"{relative}/{child.name}" if relative else child.name
                if child.name.startswith((".", "_")) or child.is_symlink():
                    continue
                if child.is_dir(follow_symlinks=False):
                    if depth + 1 < MAX_DEPTH:
                        pending.append((name, depth + 1))
                elif child.name.endswith(".md") and child.is_file(follow_symlinks=False):
                    if len(files) >= MAX_FILES:
                        problems.append(f"{FOLDER}: more than {MAX_FILES} entry files; the rest are left out")
                        return Scan(files, folders, tuple(problems))
                    info = child.stat(follow_symlinks=False)
                    files[name] = FileStamp(info.st_mtime_ns, info.st_size)
        return Scan(files, folders, tuple(problems))

    def folder_stamps(self, folders: list[str]) -> dict[str, int]:
        """The modification times of the named folders now (-1 for one that is gone)."""
        stamps: dict[str, int] = {}
        for relative in folders:
            try:
                stamps[relative] = os.stat(self.folder / relative if relative else self.folder,
                                           follow_symlinks=False).st_mtime_ns
            except OSError:
                stamps[relative] = -1
        return stamps

    def read(self, name: str) -> str:
        """The text of an entry file (named relative to the folder); MemoryFilesError saying why not."""
        path = self.folder / name
        try:
            descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError as error:
            raise MemoryFilesError(self.relative(name), f"cannot be read ({error.strerror or error})") from None
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise MemoryFilesError(self.relative(name), "is not a regular file")
            data = handle.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise MemoryFilesError(self.relative(name), f"is larger than {MAX_FILE_BYTES // 1024} KiB: "
                                   "split it into entries")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise MemoryFilesError(self.relative(name), "is not UTF-8 text") from None

    def load(self, name: str) -> MemoryEntry:
        """The entry a file holds; MemoryFilesError naming the file and what is wrong."""
        text = self.read(name)
        try:
            return parse_entry(text)
        except EntryFormatError as error:
            raise MemoryFilesError(self.relative(name), str(error)) from None

    # -- work in the thread ------------------------------------------------------------------------------

    def _listing(self) -> EntryListing:
        scan = self.scan()
        entries: list[StoredEntry] = []
        problems = list(scan.problems)
        for name in sorted(scan.files):
            try:
                entries.append(StoredEntry(self.relative(name), self.load(name)))
            except MemoryFilesError as error:
                problems.append(str(error))
        return EntryListing(tuple(entries), tuple(problems))

    def _folder_problem(self) -> str:
        if not os.path.lexists(self.folder):
            return ""
        for path in (self.folder.parent, self.folder):
            if os.path.islink(path):
                return (f"{FOLDER}: {path.name} is a symbolic link; the shared memory is read from a real "
                        "folder of the workspace only")
        return ""

    def _write_entry(self, entry: MemoryEntry) -> str:
        self._check_writable()
        text = render_entry(entry)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            taken = {path.name for path in self.folder.iterdir()}
        except OSError as error:
            raise MemoryFilesError(FOLDER, f"cannot be written ({error.strerror or error})") from None
        while True:
            name = entry_file_name(entry, taken)
            try:
                write_atomically(self.folder / name, text, replace=False)
            except FileExistsError:
                taken.add(name)
                continue
            except OSError as error:
                raise MemoryFilesError(self.relative(name), f"cannot be written ({error.strerror or error})") \
                    from None
            return self.relative(name)

    def _refused(self) -> RefusedList:
        problem = self._folder_problem()
        if problem:
            raise MemoryFilesError(self.relative(REFUSED_FILE), problem)
        if not os.path.lexists(self.folder / REFUSED_FILE):
            return RefusedList()
        try:
            return parse_refused(self.read(REFUSED_FILE))
        except EntryFormatError as error:
            raise MemoryFilesError(self.relative(REFUSED_FILE), f"{error}; fix or delete that line") from None

    def _write_refused(self, refused: RefusedList) -> str:
        self._check_writable()
        path = self.folder / REFUSED_FILE
        if os.path.islink(path):
            raise MemoryFilesError(self.relative(REFUSED_FILE), "is a symbolic link; it is never written through")
        try:
            write_atomically(path, render_refused(refused))
        except OSError as error:
            raise MemoryFilesError(self.relative(REFUSED_FILE), f"cannot be written ({error.strerror or error})") \
                from None
        return self.relative(REFUSED_FILE)

    def _check_writable(self) -> None:
        problem = self._folder_problem()
        if problem:
            raise MemoryFilesError(FOLDER, problem)

