"""The code index's cache: one SQLite file under .orkeon/local/, a row per indexed file holding its
content hash, size and modification time, and its symbols and imports as compact JSON. A cache written by
another extractor version is dropped and rebuilt; a cache that cannot be opened is reported, never fatal."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from orkeon_engine.domain.code_index.model import FileEntry, ImportRef, Symbol

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY, language TEXT NOT NULL, hash TEXT NOT NULL, size INTEGER NOT NULL,
  mtime_ns INTEGER NOT NULL, lines INTEGER NOT NULL, module TEXT NOT NULL, error TEXT NOT NULL,
  symbols TEXT NOT NULL, imports TEXT NOT NULL
);
"""


def encode_symbols(entry: FileEntry) -> str:
    rows = [[s.name, s.qualified_name, s.kind, s.start_line, s.end_line, s.start_byte, s.end_byte, s.parent]
            for s in entry.symbols]
    return json.dumps(rows, separators=(",", ":"))


def encode_imports(entry: FileEntry) -> str:
    rows = [[i.module, i.line, list(i.names)] for i in entry.imports]
    return json.dumps(rows, separators=(",", ":"))


def decode_entry(row: tuple[str, str, str, int, int, int, str, str, str, str]) -> FileEntry:
    path, language, digest, size, _mtime, lines, module, error, symbols, imports = row
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
        self._db.executescript(_SCHEMA)
        found = self._db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        if found is None or found[0] != version:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM files")
            self._db.execute("DELETE FROM meta")
            self._db.execute("INSERT INTO meta (key, value) VALUES ('version', ?)", (version,))
            self._db.execute("COMMIT")

    def load(self) -> Iterator[tuple[FileEntry, int]]:
        """Every cached file with its recorded modification time."""
        cursor = self._db.execute(
            "SELECT path, language, hash, size, mtime_ns, lines, module, error, symbols, imports FROM files")
        for row in cursor:
            yield decode_entry(row), row[4]

    def is_built(self) -> bool:
        return self._db.execute("SELECT 1 FROM meta WHERE key = 'built'").fetchone() is not None

    def save(self, entries: Iterable[tuple[FileEntry, int]], removed: Iterable[str] = (), built: bool = False) -> None:
        """Write the changed files and drop the removed ones, in one transaction."""
        rows = [(e.path, e.language, e.content_hash, e.size, mtime, e.line_count, e.module, e.error,
                 encode_symbols(e), encode_imports(e)) for e, mtime in entries]
        gone = [(path,) for path in removed]
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.executemany("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
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
