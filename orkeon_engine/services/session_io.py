"""The current session: the SessionStore bound to the session this run works in, switchable in place."""

from __future__ import annotations

from typing import Any

from orkeon_engine.domain.session import BufferEntry, SessionInfo
from orkeon_engine.ports.session_store import SessionStore


class CurrentSession:
    """The session of this CLI run or editor connection; `/resume` switches it in place."""

    def __init__(self, store: SessionStore, info: SessionInfo) -> None:
        self.store = store
        self._info = info

    @classmethod
    async def open(cls, store: SessionStore, resume_id: str | None = None) -> CurrentSession:
        """Resume the session with that id, or start a new one."""
        info = await store.get_session(resume_id) if resume_id else await store.create_session()
        return cls(store, info)

    @property
    def id(self) -> str:
        return self._info.id

    @property
    def info(self) -> SessionInfo:
        return self._info

    async def switch(self, session_id: str) -> SessionInfo:
        self._info = await self.store.get_session(session_id)
        return self._info

    async def get_state(self, key: str) -> Any | None:
        return await self.store.get_state(self.id, key)

    async def set_state(self, key: str, value: Any) -> None:
        await self.store.set_state(self.id, key, value)

    async def read_state(self) -> dict[str, Any]:
        return await self.store.read_state(self.id)

    async def append(self, *entries: BufferEntry) -> None:
        await self.store.append_entries(self.id, list(entries))

    async def entries(self) -> list[BufferEntry]:
        return await self.store.read_entries(self.id)

    async def replace_entries(self, entries: list[BufferEntry]) -> None:
        await self.store.replace_entries(self.id, entries)

    async def clear(self) -> None:
        """Empty the buffer and the state bag (/clear)."""
        await self.store.replace_entries(self.id, [])
        await self.store.clear_state(self.id)
