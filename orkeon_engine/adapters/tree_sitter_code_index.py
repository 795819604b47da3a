"""TreeSitterCodeIndex: the CodeIndex port over tree-sitter, cached in the workspace's state folder.

A pass lists the source files (git's view, or a walk honouring .gitignore), skips a file whose size and
modification time match the cache, reads and hashes the others, and parses only those whose content hash
changed. The index lives in memory, loaded from the cache on first use and written through to it, so a
search never waits for the disk; a file's symbols are decoded from the cache only when first read (a
restart's pass decodes none). The blocking work runs in a worker thread, one pass at a time. The extractor
(adapters/tree_sitter_symbols.py) is imported by the first parse: a status never needs it."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orkeon_engine.adapters.code_index_cache import EXTRACTOR_VERSION, EntryTable, IndexCache, content_hash
from orkeon_engine.adapters.source_files import Listing, SourceFile, list_source_files
from orkeon_engine.domain.code_index.languages import extension_of, in_skipped_dir, language_of
from orkeon_engine.domain.code_index.model import FileEntry, IndexStatus
from orkeon_engine.ports.code_index import CodeIndexError, IndexProgress

if TYPE_CHECKING:  # a pass's report, the snapshot and the text hits load with the call that makes them: a
    # status reads the index's entries and status alone
    from orkeon_engine.domain.code_index.answers import IndexReport, IndexSnapshot, TextHit

STATUS_LISTING_SECONDS = 2.0
"""How long a status reuses the paths git listed for the last one (_status_listing)."""
QUICK_STATUS_FILES = 200
"""A status over at most this many files, its listing reused, runs on the event loop: a few hundred stats
take well under a millisecond, less than waking a thread on a busy machine."""

CACHE_FILE = "code_index.db"
CHUNK = 64
KEPT_TREES = 24
"""Parse trees kept for the files last named to refresh (the ones being edited), so their next edit is
reparsed incrementally."""
_TEXT_GIVEN = -1
"""The modification time cached for a file indexed from a given text: after a restart it is read again."""


class TreeSitterCodeIndex:
    """The code index of the workspace at `root`; its cache in `cache_dir` (None: memory only, for the
    reason `limitation` gives)."""

    def __init__(self, root: Path, cache_dir: Path | None, limitation: str = "") -> None:
        self.root = root.resolve()
        self._cache_dir = cache_dir
        self._cache: IndexCache | None = None
        self._cache_note = limitation or "memory only"
        self._entries = EntryTable()
        self._mtimes: dict[str, int] = {}
        self._listed: set[str] = set()
        self._trees: OrderedDict[str, tuple[bytes, Any]] = OrderedDict()
        self._given: dict[str, tuple[int, int]] = {}
        """Files indexed from a given text (an editor's buffer, a fresh edit), with the size and modification
        time their disk file had then: until the disk file changes, the given text is the newer one."""
        self._loaded = False
        self._built = False
        self._lock = asyncio.Lock()
        self._executor: ThreadPoolExecutor | None = None
        self._last_listing: tuple[float, Listing] | None = None
        """When the last status listed the files, and what it found (_status_listing)."""

    # -- the port ---------------------------------------------------------------------------------------

    async def status(self) -> IndexStatus:
        async with self._lock:
            if self._quick_status():  # a few stats: on the loop, no thread to wake for them
                return self._status()
            # on the index's own thread, kept warm: no thread started for a status
            return await asyncio.get_running_loop().run_in_executor(self._status_thread(), self._status)

    def _quick_status(self) -> bool:
        """Whether a status costs a few stats only: the cache loaded, the last listing young enough to be
        taken again, and at most QUICK_STATUS_FILES files in it and in the index."""
        known = self._last_listing
        return (self._loaded and known is not None and time.monotonic() - known[0] < STATUS_LISTING_SECONDS
                and len(known[1].files) <= QUICK_STATUS_FILES and len(self._entries) <= QUICK_STATUS_FILES)

    def _status_thread(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="orkeon-index-status")
        return self._executor

    async def build(self, force: bool = False, on_progress: IndexProgress | None = None) -> IndexReport:
        async with self._lock:
            return await self._full_pass(force, on_progress)

    async def refresh(self, paths: Sequence[str] = (), texts: Mapping[str, str] | None = None) -> IndexReport:
        async with self._lock:
            if not paths:
                return await self._full_pass(False, None)
            return await asyncio.to_thread(self._refresh_named, list(paths), dict(texts or {}))

    async def snapshot(self) -> IndexSnapshot:
        async with self._lock:
            await asyncio.to_thread(self._ensure_loaded)
            if not self._built:
                await self._full_pass(False, None)
            from orkeon_engine.domain.code_index.answers import IndexSnapshot

            return IndexSnapshot(root=str(self.root), files=self._entries.frozen())

    async def parse(self, path: str, text: str) -> FileEntry:
        relative, language = self._check_path(path)
        data = text.encode("utf-8")
        previous = self._trees.get(relative)
        from orkeon_engine.adapters.tree_sitter_symbols import extract_tree, reparse

        def work() -> FileEntry:
            return extract_tree(relative, language, data, reparse(language, data, previous))

        return await asyncio.to_thread(work)

    async def search_text(self, query: str, limit: int = 50, under: str = "") -> list[TextHit]:
        async with self._lock:
            await asyncio.to_thread(self._ensure_loaded)
            paths = sorted(self._entries)
        return await asyncio.to_thread(self._search_text, paths, query, limit, under.strip("/"))

    # -- passes ---------------------------------------------------------------------------------------------

    def close(self) -> None:
        if self._cache is not None:
            self._cache.close()
            self._cache = None
        if self._executor is not None:
            self._executor.shutdown(wait=False)
            self._executor = None

    async def forget(self) -> None:
        """Close the cache file and drop everything loaded (between passes), so the file can be removed and
        the next use indexes the workspace again (/cache clear)."""
        async with self._lock:
            self.close()
            self._entries.clear()
            self._mtimes.clear()
            self._listed.clear()
            self._trees.clear()
            self._given.clear()
            self._loaded = False
            self._built = False

    def _ensure_loaded(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        if self._cache_dir is None:
            return
        path = self._cache_dir / CACHE_FILE
        try:
            self._cache = IndexCache(path, EXTRACTOR_VERSION)
            for stored, mtime in self._cache.load():
                self._entries.load(stored)
                self._mtimes[stored.path] = mtime
            self._built = self._cache.is_built()
            self._cache_note = str(path)
        except (sqlite3.Error, OSError, ValueError) as error:
            self._cache = None
            self._entries.clear()
            self._mtimes.clear()
            self._cache_note = f"memory only: {path} cannot be used ({error})"

    async def _full_pass(self, force: bool, on_progress: IndexProgress | None) -> IndexReport:
        started = time.perf_counter()
        await asyncio.to_thread(self._ensure_loaded)
        listing = await asyncio.to_thread(list_source_files, self.root)
        self._listed = {f.path for f in listing.files}
        parsed: list[str] = []
        failed: list[tuple[str, str]] = []
        unchanged = 0
        total = len(listing.files)
        for start in range(0, total, CHUNK):
            chunk = listing.files[start:start + CHUNK]
            result = await asyncio.to_thread(self._index_files, chunk, force)
            parsed.extend(result[0])
            unchanged += result[1]
            failed.extend(result[2])
            if on_progress is not None:
                on_progress(min(start + CHUNK, total), total)
        removed = sorted(set(self._entries) - self._listed)
        await asyncio.to_thread(self._drop, removed, True)
        self._built = True
        return self._report(listing, parsed, unchanged, removed, failed, started)

    def _report(self, listing: Listing, parsed: list[str], unchanged: int, removed: list[str],
                failed: list[tuple[str, str]], started: float) -> IndexReport:
        from orkeon_engine.domain.code_index.answers import IndexReport

        return IndexReport(
            seen=len(listing.files),
            parsed=tuple(parsed),
            unchanged=unchanged,
            removed=tuple(removed),
            failed=tuple(failed),
            ignored=listing.ignored,
            unsupported=dict(listing.unsupported),
            elapsed_ms=(time.perf_counter() - started) * 1000,
        )

    def _index_files(self, files: list[SourceFile], force: bool) -> tuple[list[str], int, list[tuple[str, str]]]:
        from orkeon_engine.adapters.tree_sitter_symbols import extract_file

        parsed: list[str] = []
        failed: list[tuple[str, str]] = []
        touched: list[tuple[str, int]] = []
        written: list[tuple[FileEntry, int]] = []
        unchanged = 0
        for file in files:
            known = self._entries.brief(file.path)
            given = self._given.get(file.path)
            if not force and known is not None and given == (file.size, file.mtime_ns):
                unchanged += 1
                continue
            self._given.pop(file.path, None)
            if not force and known is not None and known.size == file.size and \
                    self._mtimes.get(file.path) == file.mtime_ns:
                unchanged += 1
                continue
            try:
                data = (self.root / file.path).read_bytes()
            except OSError as error:
                failed.append((file.path, error.strerror or str(error)))
                continue
            if not force and known is not None and known.content_hash == content_hash(data):
                unchanged += 1
                self._mtimes[file.path] = file.mtime_ns
                touched.append((file.path, file.mtime_ns))
                continue
            try:
                entry = extract_file(file.path, file.language, data)
            except Exception as error:  # a grammar fault on one file never fails the pass
                failed.append((file.path, f"{type(error).__name__}: {error}"))
                continue
            self._entries[file.path] = entry
            self._mtimes[file.path] = file.mtime_ns
            written.append((entry, file.mtime_ns))
            parsed.append(file.path)
        self._write(written, touched)
        return parsed, unchanged, failed

    def _write(self, written: list[tuple[FileEntry, int]], touched: list[tuple[str, int]]) -> None:
        if self._cache is None:
            return
        try:
            if written:
                self._cache.save(written)
            if touched:
                self._cache.touch(touched)
        except sqlite3.Error as error:
            self._cache_note = f"memory only: the cache could not be written ({error})"
            self._cache = None

    def _drop(self, removed: list[str], built: bool) -> None:
        for path in removed:
            self._entries.pop(path, None)
            self._mtimes.pop(path, None)
        if self._cache is None:
            return
        try:
            self._cache.save((), removed, built=built)
        except sqlite3.Error as error:
            self._cache_note = f"memory only: the cache could not be written ({error})"
            self._cache = None

    def _check_path(self, path: str) -> tuple[str, str]:
        relative = path.strip().replace("\\", "/").removeprefix("./").lstrip("/")
        language = language_of(relative)
        if not relative or language is None:
            ext = extension_of(relative) or "no extension"
            raise CodeIndexError(f"{path}: the index parses no {ext} file (it reads python, javascript, "
                                 "typescript, tsx, go, rust and java)")
        if in_skipped_dir(relative) or ".." in relative.split("/"):
            raise CodeIndexError(f"{path}: in a folder the index never enters (vendored, generated or hidden)")
        return relative, language

    def _refresh_named(self, paths: list[str], texts: dict[str, str]) -> IndexReport:
        from orkeon_engine.adapters.tree_sitter_symbols import extract_tree, reparse
        from orkeon_engine.domain.code_index.answers import IndexReport

        started = time.perf_counter()
        self._ensure_loaded()
        given = {self._check_path(p)[0]: t for p, t in texts.items()}
        parsed: list[str] = []
        removed: list[str] = []
        failed: list[tuple[str, str]] = []
        written: list[tuple[FileEntry, int]] = []
        unchanged = 0
        for raw in paths:
            path, language = self._check_path(raw)
            if path in given:
                data, mtime = given[path].encode("utf-8"), _TEXT_GIVEN
                self._remember_disk(path)
            else:
                self._given.pop(path, None)
                try:
                    stat = os.stat(self.root / path)
                    data, mtime = (self.root / path).read_bytes(), stat.st_mtime_ns
                except FileNotFoundError:
                    if path in self._entries:
                        removed.append(path)
                    continue
                except OSError as error:
                    failed.append((path, error.strerror or str(error)))
                    continue
            if path not in self._entries and path not in self._listed and self._git_ignores(path):
                continue
            known = self._entries.brief(path)
            previous = self._trees.get(path)
            if known is not None and known.content_hash == content_hash(data):
                unchanged += 1
                self._mtimes[path] = mtime
                if previous is None or previous[0] != data:
                    self._keep_tree(path, data, reparse(language, data, previous))
                continue
            tree = reparse(language, data, previous)
            entry = extract_tree(path, language, data, tree)
            self._keep_tree(path, data, tree)
            self._entries[path] = entry
            self._mtimes[path] = mtime
            self._listed.add(path)
            written.append((entry, mtime))
            parsed.append(path)
        self._write(written, [])
        if removed:
            self._drop(removed, False)
        return IndexReport(seen=len(paths), parsed=tuple(parsed), unchanged=unchanged, removed=tuple(removed),
                           failed=tuple(failed), elapsed_ms=(time.perf_counter() - started) * 1000)

    def _remember_disk(self, path: str) -> None:
        try:
            stat = os.stat(self.root / path)
        except OSError:
            self._given[path] = (-1, -1)
            return
        self._given[path] = (stat.st_size, stat.st_mtime_ns)

    def _keep_tree(self, path: str, data: bytes, tree: Any) -> None:
        self._trees[path] = (data, tree)
        self._trees.move_to_end(path)
        while len(self._trees) > KEPT_TREES:
            self._trees.popitem(last=False)

    def _git_ignores(self, path: str) -> bool:
        try:
            done = subprocess.run(["git", "-C", str(self.root), "check-ignore", "-q", "--", path],
                                  capture_output=True, timeout=10, check=False)
        except (OSError, subprocess.SubprocessError):
            return False
        return done.returncode == 0

    def _status_listing(self) -> Listing:
        """The files for a status: listed by git (or a walk) at most every STATUS_LISTING_SECONDS, the paths
        of the last listing taken again in between with their sizes and times read afresh, so an editor
        asking for the status line often does not start git each time (a file created in between is
        counted at the next listing)."""
        now = time.monotonic()
        known = self._last_listing
        if known is not None and now - known[0] < STATUS_LISTING_SECONDS:
            return list_source_files(self.root, known[1])
        listing = list_source_files(self.root)
        self._last_listing = (now, listing)
        return listing

    def _status(self) -> IndexStatus:
        self._ensure_loaded()
        listing = self._status_listing()
        listed = {f.path: f for f in listing.files}
        stale: list[str] = []
        briefs = {path: brief for path in self._entries if (brief := self._entries.brief(path)) is not None}
        for path, entry in sorted(briefs.items()):
            file = listed.get(path)
            if file is None:
                stale.append(path)
                continue
            if entry.size == file.size and self._mtimes.get(path) == file.mtime_ns:
                continue
            try:
                if content_hash((self.root / path).read_bytes()) != entry.content_hash:
                    stale.append(path)
            except OSError:
                stale.append(path)
        unindexed = sum(1 for path in listed if path not in self._entries)
        languages: dict[str, int] = {}
        for entry in briefs.values():
            languages[entry.language] = languages.get(entry.language, 0) + 1
        return IndexStatus(
            root=str(self.root),
            built=self._built,
            files=len(self._entries),
            symbols=sum(e.symbol_count for e in briefs.values()),
            languages=dict(sorted(languages.items(), key=lambda item: (-item[1], item[0]))),
            cache=self._cache_note,
            stale=tuple(stale),
            unindexed=unindexed,
        )

    def _search_text(self, paths: list[str], query: str, limit: int, under: str) -> list[TextHit]:
        from orkeon_engine.domain.code_index.answers import TextHit

        needle = query.lower().encode("utf-8")
        hits: list[TextHit] = []
        if not needle:
            return hits
        for path in paths:
            if under and not (path == under or path.startswith(under + "/")):
                continue
            try:
                data = (self.root / path).read_bytes()
            except OSError:
                continue
            lowered = data.lower()
            found = lowered.find(needle)
            while found != -1 and len(hits) < limit:
                line_start = data.rfind(b"\n", 0, found) + 1
                line_end = data.find(b"\n", found)
                line_end = len(data) if line_end == -1 else line_end
                line = data.count(b"\n", 0, found) + 1
                hits.append(TextHit(path, line, data[line_start:line_end].decode("utf-8", errors="replace")))
                found = lowered.find(needle, line_end)
            if len(hits) >= limit:
                break
        return hits
