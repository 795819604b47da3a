"""The code index's cache: one SQLite file in the workspace's state folder, a row per indexed file holding its
content hash, size and modification time, and its symbols and imports as compact JSON. A cache written by
another extractor version is dropped and rebuilt; a cache that cannot be opened is reported, never fatal.

Loading a large cache (12 MB for the standard library) is mostly building its symbols, so `load` hands each
row over undecoded (`StoredEntry`), with its symbol count kept in its own column, and `EntryTable` decodes
a file's entry the first time it is read: a restart that only checks which files changed decodes none.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol
from orkeon_engine.domain.workspace.digests import blake2b_hex

EXTRACTOR_VERSION = "1"
"""Raised whenever what adapters/tree_sitter_symbols.py extracts changes, so a cache written by an older
extractor is rebuilt. Kept here, with the cache that checks it, so opening the cache (a status) does not import
the extractor."""

FORMAT = "2"
"""The layout of the files table; a cache of another layout (or extractor version) is dropped and rebuilt."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY, language TEXT NOT NULL, hash TEXT NOT NULL, size INTEGER NOT NULL,
  mtime_ns INTEGER NOT NULL, lines INTEGER NOT NULL, module TEXT NOT NULL, error TEXT NOT NULL,
  symbols TEXT NOT NULL, imports TEXT NOT NULL, symbol_count INTEGER NOT NULL
);
"""


def encode_symbols(entry: FileEntry) -> str:
    rows = [[s.name, s.qualified_name, s.kind, s.start_line, s.end_line, s.start_byte, s.end_byte, s.parent]
            for s in entry.symbols]
    return json.dumps(rows, separators=(",", ":"))


def encode_imports(entry: FileEntry) -> str:
    rows = [[i.module, i.line, list(i.names)] for i in entry.imports]
    return json.dumps(rows, separators=(",", ":"))


def content_hash(data: bytes) -> str:
    """The hash a file's content is known by in the index and its cache."""
    return blake2b_hex(data, 16)


class StoredEntry(NamedTuple):
    """One file's row as the cache keeps it: its symbols and imports still JSON, and how many symbols."""

    path: str
    language: str
    content_hash: str
    size: int
    line_count: int
    module: str
    error: str
    symbols: str
    imports: str
    symbol_count: int


def decode_entry(stored: StoredEntry) -> FileEntry:
    path, language, digest, size, lines, module, error, symbols, imports, _count = stored
    return FileEntry(
        path=path,
        language=language,
        content_hash=digest,
        size=size,
        line_count=lines,
        module=module,
        symbols=tuple(Symbol(n, q, k, path, sl, el, sb, eb, p) for n, q, k, sl, el, sb, eb, p in json.loads(symbols)),
        imports=tuple(ImportRef(m, ln, tuple(names)) for m, ln, names in json.loads(imports)),
        error=error,
    )


class IndexCache:
    """The cache file. Used from one thread at a time (the index serialises its passes)."""

    def __init__(self, path: Path, version: str) -> None:
        self.path = path
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        found = self._db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        wanted = f"{version}/{FORMAT}"
        if found is None or found[0] != wanted:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DROP TABLE IF EXISTS files")
            self._db.execute("DELETE FROM meta")
            self._db.execute("INSERT INTO meta (key, value) VALUES ('version', ?)", (wanted,))
            self._db.execute("COMMIT")
        self._db.executescript(_SCHEMA)

    def load(self) -> Iterator[tuple[StoredEntry, int]]:
        """Every cached file, undecoded, with its recorded modification time."""
        cursor = self._db.execute(
            "SELECT path, language, hash, size, lines, module, error, symbols, imports, symbol_count, mtime_ns "
            "FROM files")
        for row in cursor:
            yield StoredEntry(*row[:10]), row[10]

    def is_built(self) -> bool:
        return self._db.execute("SELECT 1 FROM meta WHERE key = 'built'").fetchone() is not None

    def save(self, entries: Iterable[tuple[FileEntry, int]], removed: Iterable[str] = (), built: bool = False) -> None:
        """Write the changed files and drop the removed ones, in one transaction."""
        rows = [(e.path, e.language, e.content_hash, e.size, mtime, e.line_count, e.module, e.error,
                 encode_symbols(e), encode_imports(e), len(e.symbols)) for e, mtime in entries]
        gone = [(path,) for path in removed]
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.executemany("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
            self._db.executemany("DELETE FROM files WHERE path = ?", gone)
            if built:
                self._db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('built', '1')")
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def touch(self, stamps: Iterable[tuple[str, int]]) -> None:
        """Record new modification times of files whose content did not change."""
        self._db.execute("BEGIN IMMEDIATE")
        self._db.executemany("UPDATE files SET mtime_ns = ? WHERE path = ?", [(m, p) for p, m in stamps])
        self._db.execute("COMMIT")

    def close(self) -> None:
        self._db.close()


@dataclass(frozen=True)
class Brief:
    """What a pass needs to know of an indexed file, read without decoding its symbols."""

    language: str
    content_hash: str
    size: int
    symbol_count: int


class EntryTable(MutableMapping[str, FileEntry]):
    """The index's entries by path: those loaded from the cache stay undecoded until first read."""

    def __init__(self, decoded: Mapping[str, FileEntry] | None = None,
                 stored: Mapping[str, StoredEntry] | None = None) -> None:
        self._decoded: dict[str, FileEntry] = dict(decoded or {})
        self._stored: dict[str, StoredEntry] = dict(stored or {})

    def load(self, stored: StoredEntry) -> None:
        """Keep a cached row, to be decoded when its entry is first read."""
        self._decoded.pop(stored.path, None)
        self._stored[stored.path] = stored

    def brief(self, path: str) -> Brief | None:
        """The file's language, hash, size and symbol count, or None when it is not indexed; decodes nothing."""
        entry = self._decoded.get(path)
        if entry is not None:
            return Brief(entry.language, entry.content_hash, entry.size, len(entry.symbols))
        stored = self._stored.get(path)
        if stored is None:
            return None
        return Brief(stored.language, stored.content_hash, stored.size, stored.symbol_count)

    def frozen(self) -> EntryTable:
        """A copy of the table as it is now, which later changes of this one leave alone."""
        return EntryTable(self._decoded, self._stored)

    def __getitem__(self, path: str) -> FileEntry:
        entry = self._decoded.get(path)
        if entry is None:
            entry = decode_entry(self._stored[path])  # KeyError for a path not indexed
            self._decoded[path] = entry
            del self._stored[path]
        return entry

    def __setitem__(self, path: str, entry: FileEntry) -> None:
        self._stored.pop(path, None)
        self._decoded[path] = entry

    def __delitem__(self, path: str) -> None:
        if self._decoded.pop(path, None) is None:
            del self._stored[path]

    def __contains__(self, path: object) -> bool:
        return path in self._decoded or path in self._stored

    def __iter__(self) -> Iterator[str]:
        yield from list(self._decoded)
        yield from list(self._stored)

    def __len__(self) -> int:
        return len(self._decoded) + len(self._stored)

    def clear(self) -> None:
        self._decoded.clear()
        self._stored.clear()
