"""SqliteUsageLedger: the UsageLedger port over state.db, one row a model call (table `usage_calls`)."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.domain.model.call_usage import Usage
from orkeon_engine.domain.model.usage import UsageRecord, UsageSummary, summarise

SCHEMA = """
CREATE TABLE IF NOT EXISTS usage_calls (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL,
  at TEXT NOT NULL,
  command TEXT NOT NULL DEFAULT '',
  model TEXT NOT NULL,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cache_read_tokens INTEGER NOT NULL DEFAULT 0,
  cache_write_tokens INTEGER NOT NULL DEFAULT 0,
  cost REAL
);
CREATE INDEX IF NOT EXISTS usage_calls_by_session ON usage_calls (session_id);
"""
COLUMNS = ("session_id, at, command, model, input_tokens, output_tokens, cache_read_tokens, "
           "cache_write_tokens, cost")


class SqliteUsageLedger:
    """The ledger in SQLite; `cost` NULL is a call nobody could price."""

    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        self.location = db.location
        db.ensure_schema("usage", SCHEMA)

    async def record(self, entry: UsageRecord) -> None:
        usage = entry.usage
        row = (entry.session_id, entry.at.isoformat(), entry.command, entry.model, usage.input_tokens,
               usage.output_tokens, usage.cache_read_tokens, usage.cache_write_tokens, usage.cost)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute(f"INSERT INTO usage_calls ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row)

        try:
            await self._db.run(work)
        except sqlite3.Error as error:
            raise OSError(f"{self.location}: the usage could not be recorded ({error})") from None

    async def summary(self, session_id: str) -> UsageSummary:
        def work(conn: sqlite3.Connection) -> list[UsageRecord]:
            rows = conn.execute(f"SELECT {COLUMNS} FROM usage_calls WHERE session_id = ? ORDER BY id",
                                (session_id,)).fetchall()
            return [_record(row) for row in rows]

        try:
            records = await self._db.run(work, write=False)
        except sqlite3.Error as error:
            raise OSError(f"{self.location}: the usage could not be read ({error})") from None
        return summarise(records)


def _record(row: tuple[str, str, str, str, int, int, int, int, float | None]) -> UsageRecord:
    usage = Usage(row[4], row[5], row[6], row[7], row[8])
    return UsageRecord(row[0], row[2], row[3], usage, datetime.fromisoformat(row[1]))
