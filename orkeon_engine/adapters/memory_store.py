"""WorkspaceMemoryStore: the MemoryStore port over the user's memory file and the workspace's state.db.

`user` notes live in `$XDG_CONFIG_HOME/orkeon/memory.json` (they follow the person across projects),
replaced atomically on each change; `project`, `feedback` and `reference` notes live in the workspace's
state.db (table memory_notes), one transaction a change. A user file that is not valid JSON of the
expected shape is reported with its path and never rewritten.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

from orkeon_engine.adapters.atomic_write import write_atomically
from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.domain.session.memory import MEMORY_CATEGORIES, MemoryCategory, MemoryNote
from orkeon_engine.ports.clock import Clock

SCHEMA = """
CREATE TABLE IF NOT EXISTS memory_notes (
  id TEXT PRIMARY KEY,
  category TEXT NOT NULL,
  text TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created TEXT NOT NULL
);
"""
USER_FILE = "memory.json"
Notes = list[MemoryNote]


class WorkspaceMemoryStore:
    """User notes in a JSON file, the others in SQLite; ids are `u-...` and `m-...`."""

    def __init__(self, db: SqliteDatabase, user_dir: Path, clock: Clock) -> None:
        self._db = db
        self._user_file = user_dir / USER_FILE
        self._clock = clock
        self._file_lock = threading.Lock()
        db.ensure_schema("memory", SCHEMA)

    @property
    def user_location(self) -> str:
        return str(self._user_file)

    async def list(self, category: MemoryCategory | None = None) -> list[MemoryNote]:
        notes: list[MemoryNote] = []
        if category in (None, "user"):
            notes += await asyncio.to_thread(self._read_user)
        if category != "user":
            notes += await self._db.run(lambda conn: _select(conn, category), write=False)
        return sorted(notes, key=lambda note: (note.created, note.id))

    async def add(self, category: MemoryCategory, text: str, reason: str = "") -> MemoryNote:
        now = self._clock.now()
        if category == "user":
            note = MemoryNote(f"u-{uuid.uuid4().hex[:8]}", category, text, now, reason)
            await asyncio.to_thread(self._change_user, lambda notes: [*notes, note])
            return note
        note = MemoryNote(f"m-{uuid.uuid4().hex[:8]}", category, text, now, reason)

        def work(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO memory_notes (id, category, text, reason, created) VALUES (?, ?, ?, ?, ?)",
                         (note.id, note.category, note.text, note.reason, now.isoformat()))

        await self._db.run(work)
        return note

    async def get(self, note_id: str) -> MemoryNote | None:
        return next((note for note in await self.list() if note.id == note_id), None)

    async def remove(self, note_id: str) -> bool:
        if note_id.startswith("u-"):
            removed: list[bool] = []

            def without(notes: Notes) -> Notes:
                kept = [note for note in notes if note.id != note_id]
                removed.append(len(kept) != len(notes))
                return kept

            await asyncio.to_thread(self._change_user, without)
            return removed[0]

        def work(conn: sqlite3.Connection) -> bool:
            return conn.execute("DELETE FROM memory_notes WHERE id = ?", (note_id,)).rowcount > 0

        return await self._db.run(work)

    # --- the user's file (on a worker thread) -----------------------------------------------------------

    def _read_user(self) -> Notes:
        try:
            text = self._user_file.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        return _parse_user_file(self._user_file, text)

    def _change_user(self, change: Any) -> None:
        with self._file_lock:
            notes = change(self._read_user())
            payload = {"notes": [_note_json(note) for note in notes]}
            write_atomically(self._user_file, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")


def _select(conn: sqlite3.Connection, category: MemoryCategory | None) -> list[MemoryNote]:
    query = "SELECT id, category, text, reason, created FROM memory_notes"
    rows = (conn.execute(query + " WHERE category = ?", (category,)) if category
            else conn.execute(query)).fetchall()
    notes = []
    for note_id, kind, text, reason, created in rows:
        found = next((c for c in MEMORY_CATEGORIES if c == kind), None)
        if found is not None and found != "user":
            notes.append(MemoryNote(note_id, found, text, datetime.fromisoformat(created), reason))
    return notes


def _note_json(note: MemoryNote) -> dict[str, str]:
    return {"id": note.id, "text": note.text, "reason": note.reason, "created": note.created.isoformat()}


def _parse_user_file(path: Path, text: str) -> list[MemoryNote]:
    def bad(reason: str) -> OSError:
        return OSError(f"{path}: {reason}; fix or remove the file (it is never rewritten while invalid)")

    try:
        data = json.loads(text) if text.strip() else {"notes": []}
    except json.JSONDecodeError as error:
        raise bad(f"invalid JSON at line {error.lineno}, column {error.colno}") from None
    except RecursionError:
        raise bad("its JSON nests too deeply to be read") from None
    items = data.get("notes") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise bad('expected {"notes": [...]}')
    notes = []
    for index, item in enumerate(items):
        try:
            notes.append(MemoryNote(str(item["id"]), "user", str(item["text"]),
                                    datetime.fromisoformat(str(item["created"])), str(item.get("reason", ""))))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise bad(f"notes[{index}] needs an id, a text and a created date") from None
    return notes
