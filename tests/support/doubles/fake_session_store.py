"""FakeSessionStore: the SessionStore port in memory, with plain fields to read and to set."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

from orkeon_engine.domain.session.session import BufferEntry, SessionInfo
from orkeon_engine.ports.session_store import SessionNotFoundError

WHEN = datetime(2026, 1, 15, 9, 30, tzinfo=UTC)


class FakeSessionStore:
    def __init__(self, persistent: bool = True, limitation: str = "") -> None:
        self.persistent = persistent
        self.limitation = limitation
        self.location = "memory://fake-state.db"
        self.sessions: dict[str, SessionInfo] = {}
        self.entries: dict[str, list[BufferEntry]] = {}
        self.state: dict[str, dict[str, Any]] = {}
        self.fail_writes: OSError | None = None
        self.current: str | None = None
        """The workspace's current session id, as set_current_session left it."""

    def _require(self, session_id: str) -> None:
        if session_id not in self.sessions:
            raise SessionNotFoundError(f"no saved session has the id {session_id!r}")

    def _write(self) -> None:
        if self.fail_writes is not None:
            raise self.fail_writes

    async def create_session(self, title: str = "") -> SessionInfo:
        self._write()
        session_id = f"s{len(self.sessions) + 1}"
        info = SessionInfo(session_id, title, WHEN, WHEN)
        self.sessions[session_id] = info
        self.entries[session_id] = []
        self.state[session_id] = {}
        return info

    async def get_session(self, session_id: str) -> SessionInfo:
        self._require(session_id)
        return self.sessions[session_id]

    async def list_sessions(self, limit: int = 50) -> list[SessionInfo]:
        held = [info for info in self.sessions.values() if self.entries[info.id]]
        return list(reversed(held))[:limit]

    async def current_session_id(self) -> str | None:
        return self.current

    async def set_current_session(self, session_id: str) -> None:
        self._require(session_id)
        self._write()
        self.current = session_id

    async def set_title(self, session_id: str, title: str) -> None:
        self._require(session_id)
        self._write()
        old = self.sessions[session_id]
        self.sessions[session_id] = SessionInfo(old.id, title, old.created, old.updated)

    async def append_entries(self, session_id: str, entries: list[BufferEntry]) -> None:
        self._require(session_id)
        self._write()
        self.entries[session_id].extend(entries)

    async def read_entries(self, session_id: str) -> list[BufferEntry]:
        self._require(session_id)
        return list(self.entries[session_id])

    async def replace_entries(self, session_id: str, entries: list[BufferEntry]) -> None:
        self._require(session_id)
        self._write()
        self.entries[session_id] = list(entries)

    async def get_state(self, session_id: str, key: str) -> Any | None:
        self._require(session_id)
        return copy.deepcopy(self.state[session_id].get(key))

    async def set_state(self, session_id: str, key: str, value: Any) -> None:
        self._require(session_id)
        self._write()
        if value is None:
            self.state[session_id].pop(key, None)
        else:
            self.state[session_id][key] = copy.deepcopy(value)

    async def read_state(self, session_id: str) -> dict[str, Any]:
        self._require(session_id)
        return copy.deepcopy(self.state[session_id])

    async def clear_state(self, session_id: str) -> None:
        self._require(session_id)
        self._write()
        self.state[session_id] = {}
