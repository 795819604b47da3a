"""The children's tables of state.db (`children`, `child_messages`), and the start-up's question whether a
row is left running, apart from the store (adapters/sqlite_children_store.py): a start where none is, most
of them, loads neither the store nor the children's and the conversation's values (`orkeon status`'s
start, issue 48)."""

from __future__ import annotations

import sqlite3

from orkeon_engine.adapters.sqlite_db import SqliteDatabase

SCHEMA = """
CREATE TABLE IF NOT EXISTS children (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL,
  charter TEXT NOT NULL,
  mode TEXT NOT NULL,
  brief TEXT NOT NULL,
  tools TEXT NOT NULL DEFAULT '[]',
  step TEXT,
  parent TEXT NOT NULL DEFAULT '',
  previous INTEGER,
  background INTEGER NOT NULL DEFAULT 1,
  state TEXT NOT NULL,
  started TEXT NOT NULL,
  ended TEXT,
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  cache_read_tokens INTEGER NOT NULL DEFAULT 0,
  cache_write_tokens INTEGER NOT NULL DEFAULT 0,
  cost REAL DEFAULT 0,
  report TEXT NOT NULL DEFAULT '',
  detail TEXT NOT NULL DEFAULT '',
  owner TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS children_by_session ON children (session_id);
CREATE TABLE IF NOT EXISTS child_messages (
  child_id INTEGER NOT NULL REFERENCES children(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  role TEXT NOT NULL,
  text TEXT NOT NULL,
  tool_calls TEXT NOT NULL DEFAULT '[]',
  tool_call_id TEXT,
  name TEXT,
  PRIMARY KEY (child_id, seq)
);
"""


async def any_child_running(db: SqliteDatabase) -> bool:
    """Whether a child row is still `running` (its process may be gone: an orphan to mark); the tables are
    created when missing. An OSError names the database when it cannot be read."""

    def work(conn: sqlite3.Connection) -> bool:
        return conn.execute("SELECT 1 FROM children WHERE state = 'running' LIMIT 1").fetchone() is not None

    db.ensure_schema("children", SCHEMA)
    try:
        return await db.run(work, write=False)
    except sqlite3.Error as error:
        raise OSError(f"{db.location}: the children could not be read ({error})") from None
