"""SqliteMemoryIndex: the MemoryIndex port over SQLite FTS5 (bm25), with sqlite-vec vectors fused in when
the embeddings extra is installed. The index is a cache in the workspace's state folder (`memory_index.db`): it can
always be rebuilt from the entry files, and it is when it cannot be read.

It follows the files by itself, cheaply. Each search compares the modification times of the memory's
folders with those of the last look (one `stat` a folder): a file added, removed, renamed, or replaced
whole (as git and most editors write) changes its folder's time, and then every file's size and time are
compared, and only the files whose stamp changed are read, hashed, and parsed again when their hash
changed. Every file's stamp is also compared when the last full look is more than FULL_CHECK_SECONDS old
(or fifty times what that look took, when longer), so a file edited in place is seen by the searches after
that; a stamp from the last two seconds is not trusted (the same clock tick may hold two changes) and is
looked at again. `refresh` makes a full look now.

With an embedder, a search that asks for vectors also ranks the entries by them (sqlite_memory_vectors.py)
and the two rankings are fused by reciprocal rank.
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from orkeon_engine.adapters.memory_entry_files import FileStamp, MemoryEntryFiles
from orkeon_engine.adapters.minilm_embedder import MiniLmEmbedder
from orkeon_engine.adapters.sqlite_memory_vectors import MemoryVectors, connect_with_vectors
from orkeon_engine.domain.shared_memory.entries import MemoryEntry
from orkeon_engine.domain.shared_memory.recall import (
    RecallAnswer,
    RecallHit,
    RecallMethod,
    clamp_limit,
    fts_query,
    fuse_rankings,
)
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.memory_entries import MemoryFilesError
from orkeon_engine.ports.memory_index import IndexRefresh, MemoryIndexError

INDEX_FILE = "memory_index.db"
SCHEMA_VERSION = "1"
FULL_CHECK_SECONDS = 2.0
RACY_NS = 2_000_000_000
"""A stamp younger than this is not trusted (a change in the same clock tick would keep it): the file or the
folder is looked at again on the next full look, as git treats racily clean files."""
POOL = 50
"""How many entries each ranking hands to the fusion."""
BM25_WEIGHTS = (2.0, 1.0, 1.0)
"""The weights of the title, the tags and the text in bm25."""
T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL UNIQUE,
  mtime_ns INTEGER NOT NULL,
  size INTEGER NOT NULL,
  hash TEXT NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  problem TEXT,
  vector_of TEXT
);
CREATE VIRTUAL TABLE IF NOT EXISTS entries_fts USING fts5(
  title, tags, body, tokenize = 'porter unicode61 remove_diacritics 2'
);
"""


@dataclass
class _Known:
    id: int
    stamp: FileStamp
    hash: str


class SqliteMemoryIndex:
    """The index of the entries `files` holds, in `index_path` (None: in memory, rebuilt each run).

    `embedder` is the model of the vectors (None: full text only, and `vectors_note` says why)."""

    def __init__(self, files: MemoryEntryFiles, index_path: Path | None, clock: Clock,
                 embedder: MiniLmEmbedder | None = None, vectors_note: str = "") -> None:
        self._files = files
        self._path = index_path
        self._clock = clock
        self._vectors = MemoryVectors(embedder) if embedder is not None else None
        self._vectors_note = vectors_note or "vectors are not available"
        self._conn: Any = None
        self._errors: tuple[type[Exception], ...] = (sqlite3.Error,)
        self._known: dict[str, _Known] = {}
        self._problems: dict[str, str] = {}
        self._scan_problems: tuple[str, ...] = ()
        self._folders: dict[str, int] = {}
        self._last_full: float | None = None
        self._full_every = FULL_CHECK_SECONDS
        self._now_ns = 0
        self._notes: list[str] = []
        self._thread_lock = threading.Lock()
        self._lock = asyncio.Lock()

    # -- the port ----------------------------------------------------------------------------------------

    async def search(self, query: str, limit: int, vectors: bool = True) -> RecallAnswer:
        async with self._lock:
            return await asyncio.to_thread(self._locked, lambda: self._search(query, clamp_limit(limit), vectors))

    async def refresh(self) -> IndexRefresh:
        async with self._lock:
            return await asyncio.to_thread(self._locked, lambda: self._update(full=True))

    def close(self) -> None:
        with self._thread_lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    async def forget(self) -> None:
        """Close the index file and drop what was loaded, so the file can be removed (/cache clear); the
        next search rebuilds it."""
        async with self._lock:
            self.close()
            self._known.clear()
            self._problems.clear()
            self._folders.clear()
            self._last_full = None

    @property
    def location(self) -> str:
        return str(self._path) if self._path is not None else "memory only"

    # -- in the worker thread ----------------------------------------------------------------------------

    def _locked(self, work: Callable[[], T]) -> T:
        with self._thread_lock:
            self._open()
            try:
                return work()
            except self._errors as error:
                raise MemoryIndexError(f"the shared memory's index {self.location} failed: {error}") from None

    def _open(self) -> None:
        if self._conn is not None:
            return
        try:
            self._connect()
        except OSError as error:
            raise MemoryIndexError(f"the shared memory's index {self.location} cannot be opened: "
                                   f"{error.strerror or error}") from None
        except self._errors as error:
            if self._path is None or "fts5" in str(error).lower():
                raise MemoryIndexError(self._open_failure(error)) from None
            self._notes.append(f"{self._path} could not be read ({error}); it was rebuilt from the entry files")
            self._discard_file()
            try:
                self._connect()
            except self._errors as again:
                raise MemoryIndexError(self._open_failure(again)) from None

    def _open_failure(self, error: Exception) -> str:
        if "fts5" in str(error).lower():
            return "this Python's SQLite has no FTS5, which the shared memory's search needs"
        return f"the shared memory's index {self.location} cannot be opened: {error}"

    def _connect(self) -> None:
        target = str(self._path) if self._path is not None else ":memory:"
        if self._path is not None:
            self._path.parent.mkdir(parents=True, exist_ok=True)
        if self._vectors is not None:
            conn, self._errors = connect_with_vectors(target)
        else:
            conn = sqlite3.connect(target, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode = WAL" if self._path is not None else "PRAGMA journal_mode = MEMORY")
            version = self._schema_version(conn)
            if version not in (None, SCHEMA_VERSION):
                for table in ("entries_fts", "entries", "meta", "entry_vectors"):
                    conn.execute(f"DROP TABLE IF EXISTS {table}")
            conn.executescript(SCHEMA)
            if self._vectors is not None:
                self._vectors.create(conn)
            conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,))
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        self._load_known()

    @staticmethod
    def _schema_version(conn: Any) -> str | None:
        exists = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone()
        if exists is None:
            return None
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        return str(row[0]) if row else ""

    def _discard_file(self) -> None:
        assert self._path is not None
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self._path}{suffix}").unlink(missing_ok=True)

    # -- following the files -----------------------------------------------------------------------------

    def _needs_full_look(self) -> bool:
        if self._last_full is None or self._clock.monotonic() - self._last_full >= self._full_every:
            return True
        return self._files.folder_stamps(list(self._folders)) != self._folders

    def _update(self, full: bool) -> IndexRefresh:
        if not full and not self._needs_full_look():
            return IndexRefresh(len(self._known) - len(self._problems))
        started = self._clock.monotonic()
        self._now_ns = int(self._clock.now().timestamp() * 1_000_000_000)
        scan = self._files.scan()
        self._scan_problems = scan.problems
        self._folders = {name: self._settled(mtime) for name, mtime in scan.folders.items()}
        if self._matches(scan.files):
            self._looked(started)
            return IndexRefresh(len(self._known) - len(self._problems), problems=self._all_problems())
        added = changed = removed = 0
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            self._load_known()  # what the file holds now: another process may have brought it up to date
            for path in [path for path in self._known if path not in scan.files]:
                self._delete(path)
                removed += 1
            for path, stamp in scan.files.items():
                known = self._known.get(path)
                if known is not None and known.stamp == stamp:
                    continue
                outcome = self._index_file(path, stamp, known)
                added += outcome == "added"
                changed += outcome == "changed"
            self._conn.execute("COMMIT")
        except BaseException:
            self._conn.execute("ROLLBACK")
            self._load_known()
            raise
        self._looked(started)
        return IndexRefresh(len(self._known) - len(self._problems), added, changed, removed, self._all_problems())

    def _matches(self, files: dict[str, FileStamp]) -> bool:
        """Whether every file's stamp is the one indexed (nothing to read)."""
        return len(files) == len(self._known) and all(
            (known := self._known.get(path)) is not None and known.stamp == stamp for path, stamp in files.items())

    def _looked(self, started: float) -> None:
        """Note a full look: the next is due after FULL_CHECK_SECONDS, or fifty times what this one took
        when that is longer (ten thousand files take a while to stat: a search pays it at most that often)."""
        self._last_full = self._clock.monotonic()
        self._full_every = max(FULL_CHECK_SECONDS, 50 * (self._last_full - started))

    def _settled(self, mtime_ns: int) -> int:
        """The modification time to keep: -1 (look again) when it is too recent to be trusted."""
        return mtime_ns if self._now_ns - mtime_ns > RACY_NS else -1

    def _index_file(self, path: str, seen: FileStamp, known: _Known | None) -> str:
        stamp = FileStamp(self._settled(seen.mtime_ns), seen.size)
        entry: MemoryEntry | None = None
        problem = None
        try:
            text = self._files.read(path)
            digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
            if known is not None and known.hash == digest and path not in self._problems:
                self._conn.execute("UPDATE entries SET mtime_ns = ?, size = ? WHERE id = ?",
                                   (stamp.mtime_ns, stamp.size, known.id))
                known.stamp = stamp
                return "same"
            entry = self._files.load(path)
        except MemoryFilesError as error:
            problem, digest = error.reason, f"unreadable:{stamp.mtime_ns}:{stamp.size}"
        row = (stamp.mtime_ns, stamp.size, digest, entry.title if entry else "", " ".join(entry.tags) if entry else "",
               entry.text if entry else "", problem)
        if known is None:
            cursor = self._conn.execute(
                "INSERT INTO entries(mtime_ns, size, hash, title, tags, body, problem, path) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (*row, path))
            entry_id = int(cursor.lastrowid)
        else:
            entry_id = known.id
            self._conn.execute("UPDATE entries SET mtime_ns = ?, size = ?, hash = ?, title = ?, tags = ?, body = ?, "
                               "problem = ?, vector_of = NULL WHERE id = ?", (*row, entry_id))
            self._conn.execute("DELETE FROM entries_fts WHERE rowid = ?", (entry_id,))
            self._forget_vector(entry_id)
        if entry is not None:
            self._conn.execute("INSERT INTO entries_fts(rowid, title, tags, body) VALUES (?, ?, ?, ?)",
                               (entry_id, entry.title, " ".join(entry.tags), entry.text))
            self._problems.pop(path, None)
        else:
            self._problems[path] = problem or ""
        self._known[path] = _Known(entry_id, stamp, digest)
        if self._vectors is not None:
            self._vectors.current = False
        return "added" if known is None else "changed"

    def _delete(self, path: str) -> None:
        known = self._known.pop(path)
        self._problems.pop(path, None)
        self._conn.execute("DELETE FROM entries WHERE id = ?", (known.id,))
        self._conn.execute("DELETE FROM entries_fts WHERE rowid = ?", (known.id,))
        self._forget_vector(known.id)

    def _forget_vector(self, entry_id: int) -> None:
        if self._vectors is not None:
            self._vectors.forget(self._conn, entry_id)

    def _load_known(self) -> None:
        """Read every file's stamp and hash from the index; the vectors are checked again at the next vector
        search, since another process may have changed entries."""
        rows = self._conn.execute("SELECT path, id, mtime_ns, size, hash, problem FROM entries").fetchall()
        self._known = {path: _Known(id_, FileStamp(mtime, size), hash_) for path, id_, mtime, size, hash_, _ in rows}
        self._problems = {path: problem for path, _, _, _, _, problem in rows if problem}
        if self._vectors is not None:
            self._vectors.current = False

    def _all_problems(self) -> tuple[str, ...]:
        return (*self._scan_problems, *(f"{self._files.relative(path)}: {reason}"
                                        for path, reason in sorted(self._problems.items())))

    # -- searching ---------------------------------------------------------------------------------------

    def _search(self, query: str, limit: int, vectors: bool) -> RecallAnswer:
        self._update(full=False)
        entries = len(self._known) - len(self._problems)
        notes, self._notes = self._notes, []
        use_vectors = vectors and self._vectors is not None
        note = "; ".join(notes + ([self._vectors_note] if vectors and self._vectors is None else []))
        method: RecallMethod = "bm25+vectors" if use_vectors else "bm25"
        if not query.strip():
            return RecallAnswer((), method, entries, note, self._all_problems())
        pool = POOL if use_vectors else limit
        ranked = self._fts_ranking(query, pool)
        if self._vectors is not None and use_vectors:
            ranked = fuse_rankings([[item for item, _ in ranked], self._vectors.ranking(self._conn, query, pool)])
        else:
            ranked = [(item, -score) for item, score in ranked]
        hits = self._hits(ranked[:limit])
        return RecallAnswer(tuple(hits), method, entries, note, self._all_problems())

    def _fts_ranking(self, query: str, pool: int) -> list[tuple[int, float]]:
        expression = fts_query(query)
        if not expression:
            return []
        weights = ", ".join(str(weight) for weight in BM25_WEIGHTS)
        rows = self._conn.execute(
            f"SELECT rowid, bm25(entries_fts, {weights}) AS rank FROM entries_fts WHERE entries_fts MATCH ? "
            "ORDER BY rank LIMIT ?", (expression, pool)).fetchall()
        return [(int(item), float(score)) for item, score in rows]

    def _hits(self, ranked: Sequence[tuple[int, float]]) -> list[RecallHit]:
        if not ranked:
            return []
        marks = ", ".join("?" for _ in ranked)
        rows = self._conn.execute(f"SELECT id, path, title, tags, body FROM entries WHERE id IN ({marks})",
                                  [item for item, _ in ranked]).fetchall()
        by_id = {int(row[0]): row for row in rows}
        hits = []
        for item, score in ranked:
            row = by_id.get(item)
            if row is not None:
                _, path, title, tags, body = row
                hits.append(RecallHit(self._files.relative(path), title, score, tuple(tags.split()), body))
        return hits

