"""SqliteChildStore: the ChildStore port over state.db (tables `children` and `child_messages`).

The tables are created when missing, so an existing state.db gains them on its first open and keeps every
other table as it was. Each child row carries its owner, `<pid>:<token>` of the engine that runs it. A
row still `running` when nothing runs it any more is an orphan: `interrupt_orphans` (at start-up, when
adapters/sqlite_children_schema.py finds a row left running) marks those whose process is gone as
interrupted, and `interrupt_own` (when the engine closes, synchronously: the event loop may be gone by
then) marks this engine's own.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from orkeon_engine.adapters.sqlite_children_schema import SCHEMA
from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.domain.agents.children import ChildDraft, ChildRecord, ChildState
from orkeon_engine.domain.model.chat import ChatMessage, ChatRole, ToolCallRequest, Usage
from orkeon_engine.ports.clock import Clock

COLUMNS = ("id, session_id, charter, mode, brief, tools, step, parent, previous, background, state, started, "
           "ended, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost, report, detail, owner")
ORPHANED = "the Orkeon process that ran it ended before it did"
CLOSED = "the engine that ran it closed before it ended"
ROLES: tuple[ChatRole, ...] = ("system", "user", "assistant", "tool")
T = TypeVar("T")


def engine_owner() -> str:
    """A new owner mark for one engine of this process."""
    return f"{os.getpid()}:{os.urandom(4).hex()}"


class SqliteChildStore:
    """Children in SQLite; every call one transaction, every failure an OSError naming the database."""

    def __init__(self, db: SqliteDatabase, clock: Clock, owner: str | None = None) -> None:
        self._db = db
        self._clock = clock
        self.owner = owner or engine_owner()
        self.location = db.location
        db.ensure_schema("children", SCHEMA)

    async def create(self, draft: ChildDraft) -> ChildRecord:
        row = (draft.session_id, draft.charter, draft.mode, draft.brief, json.dumps(list(draft.tools)), draft.step,
               draft.parent, draft.previous, int(draft.background), "running", draft.started.isoformat(), self.owner)

        def work(conn: sqlite3.Connection) -> ChildRecord | None:
            cursor = conn.execute(
                "INSERT INTO children (session_id, charter, mode, brief, tools, step, parent, previous, background, "
                "state, started, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            return _select(conn, int(cursor.lastrowid or 0))

        record = await self._run(work, "recorded")
        if record is None:  # the row just written is always there; this guards a database that lies
            raise OSError(f"{self.location}: a child could not be recorded (its row is missing)")
        return record

    async def add_messages(self, child_id: int, messages: Sequence[ChatMessage]) -> None:
        rows = [(m.role, m.text, json.dumps([[c.id, c.name, c.arguments] for c in m.tool_calls]), m.tool_call_id,
                 m.name) for m in messages]

        def work(conn: sqlite3.Connection) -> None:
            start = int(conn.execute("SELECT COALESCE(MAX(seq), 0) FROM child_messages WHERE child_id = ?",
                                     (child_id,)).fetchone()[0]) + 1
            conn.executemany(
                "INSERT INTO child_messages (child_id, seq, role, text, tool_calls, tool_call_id, name) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)", [(child_id, start + i, *row) for i, row in enumerate(rows)])

        await self._run(work, "recorded")

    async def add_usage(self, child_id: int, usage: Usage) -> None:
        def work(conn: sqlite3.Connection) -> None:
            conn.execute(
                "UPDATE children SET input_tokens = input_tokens + ?, output_tokens = output_tokens + ?, "
                "cache_read_tokens = cache_read_tokens + ?, cache_write_tokens = cache_write_tokens + ?, "
                "cost = CASE WHEN cost IS NULL OR ? IS NULL THEN NULL ELSE cost + ? END WHERE id = ?",
                (usage.input_tokens, usage.output_tokens, usage.cache_read_tokens, usage.cache_write_tokens,
                 usage.cost, usage.cost, child_id))

        await self._run(work, "recorded")

    async def finish(self, child_id: int, state: ChildState, report: str, detail: str,
                     ended: datetime) -> ChildRecord | None:
        def work(conn: sqlite3.Connection) -> ChildRecord | None:
            conn.execute("UPDATE children SET state = ?, report = ?, detail = ?, ended = ? "
                         "WHERE id = ? AND state = 'running'", (state, report, detail, ended.isoformat(), child_id))
            return _select(conn, child_id)

        return await self._run(work, "recorded")

    async def get(self, child_id: int) -> ChildRecord | None:
        return await self._run(lambda conn: _select(conn, child_id), "read", write=False)

    async def recent(self, session_id: str | None = None, parent: str | None = None,
                   limit: int = 50) -> list[ChildRecord]:
        where, values = _filters(session_id, parent)

        def work(conn: sqlite3.Connection) -> list[ChildRecord]:
            rows = conn.execute(f"SELECT {COLUMNS} FROM children{where} ORDER BY id DESC LIMIT ?",
                                (*values, limit)).fetchall()
            return [_record(row) for row in reversed(rows)]

        return await self._run(work, "read", write=False)

    async def transcript(self, child_id: int) -> list[ChatMessage]:
        def work(conn: sqlite3.Connection) -> list[ChatMessage]:
            rows = conn.execute("SELECT role, text, tool_calls, tool_call_id, name FROM child_messages "
                                "WHERE child_id = ? ORDER BY seq", (child_id,)).fetchall()
            return [_message(row) for row in rows]

        return await self._run(work, "read", write=False)

    async def interrupt_orphans(self) -> int:
        """Mark interrupted the running children whose process is gone; how many were."""
        now = self._clock.now().isoformat()

        def work(conn: sqlite3.Connection) -> int:
            rows = conn.execute("SELECT id, owner FROM children WHERE state = 'running'").fetchall()
            orphans = [(now, ORPHANED, child_id) for child_id, owner in rows if not _process_alive(owner)]
            conn.executemany("UPDATE children SET state = 'interrupted', ended = ?, detail = ? WHERE id = ?", orphans)
            return len(orphans)

        return await self._run(work, "recorded")

    def interrupt_own(self) -> int:
        """Mark interrupted, now and without the event loop, the children of this engine still running."""
        now = self._clock.now().isoformat()

        def work(conn: sqlite3.Connection) -> int:
            cursor: sqlite3.Cursor = conn.execute("UPDATE children SET state = 'interrupted', ended = ?, detail = ? "
                                  "WHERE state = 'running' AND owner = ?", (now, CLOSED, self.owner))
            return int(cursor.rowcount)

        try:
            return self._db.run_sync(work)
        except sqlite3.Error:  # closing anyway: the next start marks them as orphans
            return 0

    async def _run(self, work: Callable[[sqlite3.Connection], T], what: str, write: bool = True) -> T:
        try:
            return await self._db.run(work, write)
        except sqlite3.Error as error:
            raise OSError(f"{self.location}: a child could not be {what} ({error})") from None


def _filters(session_id: str | None, parent: str | None) -> tuple[str, tuple[str, ...]]:
    clauses, values = [], []
    if session_id is not None:
        clauses.append("session_id = ?")
        values.append(session_id)
    if parent is not None:
        clauses.append("parent = ?")
        values.append(parent)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(values)


def _select(conn: sqlite3.Connection, child_id: int) -> ChildRecord | None:
    row = conn.execute(f"SELECT {COLUMNS} FROM children WHERE id = ?", (child_id,)).fetchone()
    return None if row is None else _record(row)


def _record(row: tuple[Any, ...]) -> ChildRecord:
    (child_id, session_id, charter, mode, brief, tools, step, parent, previous, background, state, started, ended,
     input_tokens, output_tokens, cache_read, cache_write, cost, report, detail, owner) = row
    return ChildRecord(
        id=child_id, session_id=session_id, charter=charter, mode=mode, brief=brief, state=state,
        started=datetime.fromisoformat(started), tools=tuple(json.loads(tools or "[]")), step=step, parent=parent,
        previous=previous, background=bool(background), ended=datetime.fromisoformat(ended) if ended else None,
        usage=Usage(input_tokens, output_tokens, cache_read, cache_write, cost), report=report, detail=detail,
        owner=owner,
    )


def _message(row: tuple[str, str, str, str | None, str | None]) -> ChatMessage:
    role, text, calls, call_id, name = row
    requests = tuple(ToolCallRequest(str(c[0]), str(c[1]), str(c[2])) for c in json.loads(calls or "[]"))
    return ChatMessage(role if role in ROLES else "system", text, requests, call_id, name)  # type: ignore[arg-type]


def _process_alive(owner: str) -> bool:
    """Whether the process of an owner mark still runs (an unreadable mark counts as gone)."""
    pid_text, _, _ = owner.partition(":")
    if not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True  # another engine of this very process: it marks its own children when it closes
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, under another user
        return True
    except (OSError, OverflowError):
        return False
    return True
