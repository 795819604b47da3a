"""SqliteCheckpointStore: the CheckpointStore port over state.db (a row a turn, a row a file it changed)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import TypeVar

from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.domain.session.checkpoints import Checkpoint, FileChange
from orkeon_engine.ports.checkpoint_store import CheckpointStoreError

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS checkpoints (
  session_id TEXT NOT NULL,
  turn INTEGER NOT NULL,
  request TEXT NOT NULL,
  files_undone INTEGER NOT NULL DEFAULT 0,
  history_at INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (session_id, turn)
);
CREATE TABLE IF NOT EXISTS checkpoint_files (
  session_id TEXT NOT NULL,
  turn INTEGER NOT NULL,
  path TEXT NOT NULL,
  before TEXT,
  after TEXT,
  PRIMARY KEY (session_id, turn, path)
);
"""


class SqliteCheckpointStore:
    """Checkpoints in two tables of the workspace's state.db."""

    def __init__(self, db: SqliteDatabase) -> None:
        self._db = db
        db.ensure_schema("checkpoints", SCHEMA)

    async def _run(self, work: Callable[[sqlite3.Connection], T], write: bool = True) -> T:
        try:
            return await self._db.run(work, write)
        except sqlite3.Error as error:
            raise CheckpointStoreError(f"the checkpoints in {self._db.location} cannot be used ({error})") from None

    async def begin_turn(self, session_id: str, request: str, history_at: int = 0) -> int:
        def work(conn: sqlite3.Connection) -> int:
            (last,) = conn.execute("SELECT COALESCE(MAX(turn), 0) FROM checkpoints WHERE session_id = ?",
                                   (session_id,)).fetchone()
            conn.execute("INSERT INTO checkpoints (session_id, turn, request, history_at) VALUES (?, ?, ?, ?)",
                         (session_id, last + 1, request, history_at))
            return int(last) + 1

        return await self._run(work)

    async def record_file(self, session_id: str, turn: int, path: str, before: str | None,
                          after: str | None) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO checkpoint_files (session_id, turn, path, before, after) VALUES (?, ?, ?, ?, ?) "
                         "ON CONFLICT (session_id, turn, path) DO UPDATE SET after = excluded.after",
                         (session_id, turn, path, before, after))

        await self._run(work)

    async def turns(self, session_id: str) -> list[Checkpoint]:
        def work(conn: sqlite3.Connection) -> list[Checkpoint]:
            files: dict[int, list[FileChange]] = {}
            for turn, path, before, after in conn.execute(
                    "SELECT turn, path, before, after FROM checkpoint_files WHERE session_id = ? ORDER BY turn, path",
                    (session_id,)):
                files.setdefault(turn, []).append(FileChange(path, before, after))
            rows = conn.execute("SELECT turn, request, files_undone, history_at FROM checkpoints "
                                "WHERE session_id = ? ORDER BY turn", (session_id,))
            return [Checkpoint(turn, request, tuple(files.get(turn, ())), bool(undone), history_at)
                    for turn, request, undone, history_at in rows]

        return await self._run(work, write=False)

    async def mark_files_undone(self, session_id: str, turns: Sequence[int]) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.executemany("UPDATE checkpoints SET files_undone = 1 WHERE session_id = ? AND turn = ?",
                             [(session_id, turn) for turn in turns])

        await self._run(work)
