"""SqliteDatabase: one SQLite file (WAL) shared by the stores of a workspace, each call one transaction.

A write runs on a worker thread so the event loop never waits on the disk or on another process's writer.
A read runs at once on the caller's thread when the connection is free: in WAL mode a reader never waits
for a writer, and it is asked with busy_timeout 0, so a rare lock (another process's checkpoint or
recovery) fails it at once, and it goes to the worker thread like a write; a read while a write holds the
connection goes there too. The settings' and the status's reads, a few each per editor request, cost no
thread hop each. The file lives in the workspace's private state folder (adapters/workspace_state.py),
never under the workspace; without such a folder the database is in memory, and says so.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

T = TypeVar("T")
BUSY_TIMEOUT_MS = 10_000


class SqliteDatabase:
    """A connection guarded by a lock; `transaction` runs a function inside BEGIN IMMEDIATE ... COMMIT."""

    def __init__(self, path: Path | None, limitation: str = "") -> None:
        self.path = path
        self.persistent = path is not None
        self.limitation = limitation
        self.location = str(path) if path else ":memory:"
        self._lock = threading.Lock()
        self._schemas: set[str] = set()
        self._conn = self._connect()

    def _connect(self) -> sqlite3.Connection:
        target = str(self.path) if self.path else ":memory:"
        conn = sqlite3.connect(target, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                               check_same_thread=False)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if self.path:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    def ensure_schema(self, name: str, ddl: str) -> None:
        """Create a store's tables once per process (CREATE ... IF NOT EXISTS statements)."""
        if name in self._schemas:
            return
        with self._lock:
            self._conn.executescript(ddl)
            self._schemas.add(name)

    def run_sync(self, work: Callable[[sqlite3.Connection], T], write: bool = True) -> T:
        """Run `work` in one transaction (IMMEDIATE for writes, so two writers queue, never corrupt)."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                result = work(self._conn)
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
            return result

    async def run(self, work: Callable[[sqlite3.Connection], T], write: bool = True) -> T:
        if not write:
            answered, result = self._read_at_once(work)
            if answered:
                return cast(T, result)  # answered: `result` is what work returned
        return await asyncio.to_thread(self.run_sync, work, write)

    def _read_at_once(self, work: Callable[[sqlite3.Connection], T]) -> tuple[bool, T | None]:
        """(True, what `work` read) when the connection was free and no lock stood in the way; else
        (False, None), nothing read (the module docstring)."""
        if not self._lock.acquire(blocking=False):
            return False, None
        try:
            self._conn.execute("PRAGMA busy_timeout = 0")
            try:
                return self._read(work)
            finally:
                self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        finally:
            self._lock.release()

    def _read(self, work: Callable[[sqlite3.Connection], T]) -> tuple[bool, T | None]:
        self._conn.execute("BEGIN")
        try:
            result = work(self._conn)
        except sqlite3.OperationalError as error:
            self._conn.execute("ROLLBACK")
            if _locked(error):
                return False, None
            raise
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        self._conn.execute("COMMIT")
        return True, result

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def _locked(error: sqlite3.OperationalError) -> bool:
    text = str(error).lower()
    return "locked" in text or "busy" in text


def open_database(state_dir: Path | None, limitation: str = "") -> SqliteDatabase:
    """The workspace's state.db in its state folder, or an in-memory one when there is no such folder."""
    if state_dir is None:
        return SqliteDatabase(None, limitation or "the workspace has no state folder")
    path = state_dir / "state.db"
    try:
        return SqliteDatabase(path)
    except sqlite3.Error as error:
        return SqliteDatabase(None, f"{path} cannot be opened ({error})")
