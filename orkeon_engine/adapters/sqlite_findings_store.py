"""SqliteFindingsStore: the FindingsStore port over state.db (the last review's findings, the dismissals)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from typing import TypeVar

from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.domain.review.findings import DismissKey, Finding
from orkeon_engine.ports.findings_store import FindingsStoreError

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS review_findings (
  id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL,
  path TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS review_dismissed (
  path TEXT NOT NULL,
  quote TEXT NOT NULL,
  lens TEXT NOT NULL,
  PRIMARY KEY (path, quote, lens)
);
"""


class SqliteFindingsStore:
    """Findings as JSON rows keyed by id, ordered by their rank at the review; dismissals as keys."""

    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        db.ensure_schema("review_findings", SCHEMA)

    async def _run(self, work: Callable[[sqlite3.Connection], T], write: bool = True) -> T:
        try:
            return await self._db.run(work, write)
        except sqlite3.Error as error:
            raise FindingsStoreError(f"the findings in {self._db.location} cannot be used ({error})") from None

    async def load(self) -> list[Finding]:
        def work(conn: sqlite3.Connection) -> list[str]:
            return [row[0] for row in conn.execute("SELECT data FROM review_findings ORDER BY seq, id")]

        findings = []
        for data in await self._run(work, write=False):
            try:
                findings.append(Finding.from_dict(json.loads(data)))
            except (ValueError, KeyError, TypeError):
                continue  # a row an older or newer build wrote: skipped, per the port's contract
        return findings

    async def replace(self, findings: Sequence[Finding]) -> None:
        rows = [(f.id, index, f.path, json.dumps(f.to_dict())) for index, f in enumerate(findings)]

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM review_findings")
            conn.executemany("INSERT OR REPLACE INTO review_findings (id, seq, path, data) VALUES (?, ?, ?, ?)",
                             rows)

        await self._run(work)

    async def update(self, findings: Sequence[Finding]) -> None:
        rows = [(json.dumps(f.to_dict()), f.id) for f in findings]

        def work(conn: sqlite3.Connection) -> None:
            conn.executemany("UPDATE review_findings SET data = ? WHERE id = ?", rows)

        await self._run(work)

    async def remove(self, ids: Sequence[str]) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.executemany("DELETE FROM review_findings WHERE id = ?", [(i,) for i in ids])

        await self._run(work)

    async def clear(self) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute("DELETE FROM review_findings")

        await self._run(work)

    async def dismiss(self, key: DismissKey) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT OR IGNORE INTO review_dismissed (path, quote, lens) VALUES (?, ?, ?)",
                         (key.path, key.quote, key.lens))

        await self._run(work)

    async def dismissed(self) -> frozenset[DismissKey]:
        def work(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
            return list(conn.execute("SELECT path, quote, lens FROM review_dismissed"))

        return frozenset(DismissKey(path, quote, lens) for path, quote, lens in await self._run(work, write=False))
