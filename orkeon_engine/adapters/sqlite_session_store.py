"""SqliteSessionStore: the SessionStore port over state.db (sessions, buffer entries, the state bag, and the
workspace's current session in `workspace_state`)."""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import datetime
from typing import Any

from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.domain.session.session import BufferEntry, Role, SessionInfo
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.session_store import SessionNotFoundError

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL DEFAULT '',
  created TEXT NOT NULL,
  updated TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS buffer_entries (
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  role TEXT NOT NULL,
  text TEXT NOT NULL,
  kind TEXT NOT NULL DEFAULT 'message',
  PRIMARY KEY (session_id, seq)
);
CREATE TABLE IF NOT EXISTS workspace_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS state_bag (
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (session_id, key)
);
"""
CURRENT_SESSION_KEY = "current_session"


class SqliteSessionStore:
    """Sessions in SQLite; every method one transaction."""

    def __init__(self, db: SqliteDatabase, clock: Clock) -> None:
        self._db = db
        self._clock = clock
        self.persistent = db.persistent
        self.limitation = db.limitation
        self.location = db.location
        db.ensure_schema("sessions", SCHEMA)

    def _now(self) -> str:
        return self._clock.now().isoformat()

    async def create_session(self, title: str = "") -> SessionInfo:
        session_id = os.urandom(6).hex()  # 12 random hex digits (uuid would cost its import)
        now = self._now()

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO sessions (id, title, created, updated) VALUES (?, ?, ?, ?)",
                         (session_id, title, now, now))

        await self._db.run(work)
        return SessionInfo(session_id, title, datetime.fromisoformat(now), datetime.fromisoformat(now))

    async def get_session(self, session_id: str) -> SessionInfo:
        def work(conn: sqlite3.Connection) -> SessionInfo:
            return _require(conn, session_id)

        return await self._db.run(work, write=False)

    async def list_sessions(self, limit: int = 50) -> list[SessionInfo]:
        def work(conn: sqlite3.Connection) -> list[SessionInfo]:
            rows = conn.execute(
                "SELECT id, title, created, updated FROM sessions AS s "
                "WHERE EXISTS (SELECT 1 FROM buffer_entries AS b WHERE b.session_id = s.id) "
                "ORDER BY updated DESC, rowid DESC LIMIT ?",
                (limit,),
            ).fetchall()
            return [_info(row) for row in rows]

        return await self._db.run(work, write=False)

    async def current_session_id(self) -> str | None:
        def work(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT value FROM workspace_state WHERE key = ?", (CURRENT_SESSION_KEY,)).fetchone()
            return None if row is None else str(row[0])

        return await self._db.run(work, write=False)

    async def set_current_session(self, session_id: str) -> None:
        def work(conn: sqlite3.Connection) -> None:
            _require(conn, session_id)
            conn.execute(
                "INSERT INTO workspace_state (key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (CURRENT_SESSION_KEY, session_id),
            )

        await self._db.run(work)

    async def set_title(self, session_id: str, title: str) -> None:
        now = self._now()

        def work(conn: sqlite3.Connection) -> None:
            _require(conn, session_id)
            conn.execute("UPDATE sessions SET title = ?, updated = ? WHERE id = ?", (title, now, session_id))

        await self._db.run(work)

    async def append_entries(self, session_id: str, entries: list[BufferEntry]) -> None:
        now = self._now()

        def work(conn: sqlite3.Connection) -> None:
            _require(conn, session_id)
            row = conn.execute("SELECT COALESCE(MAX(seq), 0) FROM buffer_entries WHERE session_id = ?",
                               (session_id,)).fetchone()
            start = int(row[0]) + 1
            conn.executemany(
                "INSERT INTO buffer_entries (session_id, seq, role, text, kind) VALUES (?, ?, ?, ?, ?)",
                [(session_id, start + i, e.role, e.text, e.kind) for i, e in enumerate(entries)],
            )
            _touch(conn, session_id, now)

        await self._db.run(work)

    async def read_entries(self, session_id: str) -> list[BufferEntry]:
        def work(conn: sqlite3.Connection) -> list[BufferEntry]:
            _require(conn, session_id)
            rows = conn.execute(
                "SELECT role, text, kind FROM buffer_entries WHERE session_id = ? ORDER BY seq", (session_id,)
            ).fetchall()
            return [BufferEntry(_role(r[0]), r[1], r[2]) for r in rows]

        return await self._db.run(work, write=False)

    async def replace_entries(self, session_id: str, entries: list[BufferEntry]) -> None:
        now = self._now()

        def work(conn: sqlite3.Connection) -> None:
            _require(conn, session_id)
            conn.execute("DELETE FROM buffer_entries WHERE session_id = ?", (session_id,))
            conn.executemany(
                "INSERT INTO buffer_entries (session_id, seq, role, text, kind) VALUES (?, ?, ?, ?, ?)",
                [(session_id, i + 1, e.role, e.text, e.kind) for i, e in enumerate(entries)],
            )
            _touch(conn, session_id, now)

        await self._db.run(work)

    async def get_state(self, session_id: str, key: str) -> Any | None:
        def work(conn: sqlite3.Connection) -> Any | None:
            _require(conn, session_id)
            row = conn.execute("SELECT value FROM state_bag WHERE session_id = ? AND key = ?",
                               (session_id, key)).fetchone()
            return None if row is None else json.loads(row[0])

        return await self._db.run(work, write=False)

    async def set_state(self, session_id: str, key: str, value: Any) -> None:
        encoded = None if value is None else json.dumps(value)
        now = self._now()

        def work(conn: sqlite3.Connection) -> None:
            _require(conn, session_id)
            if encoded is None:
                conn.execute("DELETE FROM state_bag WHERE session_id = ? AND key = ?", (session_id, key))
            else:
                conn.execute(
                    "INSERT INTO state_bag (session_id, key, value) VALUES (?, ?, ?) "
                    "ON CONFLICT(session_id, key) DO UPDATE SET value = excluded.value",
                    (session_id, key, encoded),
                )
            _touch(conn, session_id, now)

        await self._db.run(work)

    async def read_state(self, session_id: str) -> dict[str, Any]:
        def work(conn: sqlite3.Connection) -> dict[str, Any]:
            _require(conn, session_id)
            rows = conn.execute("SELECT key, value FROM state_bag WHERE session_id = ? ORDER BY key",
                                (session_id,)).fetchall()
            return {key: json.loads(value) for key, value in rows}

        return await self._db.run(work, write=False)

    async def clear_state(self, session_id: str) -> None:
        now = self._now()

        def work(conn: sqlite3.Connection) -> None:
            _require(conn, session_id)
            conn.execute("DELETE FROM state_bag WHERE session_id = ?", (session_id,))
            _touch(conn, session_id, now)

        await self._db.run(work)


def _require(conn: sqlite3.Connection, session_id: str) -> SessionInfo:
    row = conn.execute("SELECT id, title, created, updated FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if row is None:
        raise SessionNotFoundError(f"no saved session has the id {session_id!r}")
    return _info(row)


def _info(row: tuple[str, str, str, str]) -> SessionInfo:
    return SessionInfo(row[0], row[1], datetime.fromisoformat(row[2]), datetime.fromisoformat(row[3]))


def _touch(conn: sqlite3.Connection, session_id: str, now: str) -> None:
    conn.execute("UPDATE sessions SET updated = ? WHERE id = ?", (now, session_id))


def _role(text: str) -> Role:
    if text in ("user", "assistant", "system", "tool"):
        return text  # type: ignore[return-value]
    return "system"
