"""The current session: the SessionStore bound to the session this run works in, switchable in place.

A workspace has one current session, kept in its store: every one-shot command and every prompt continues
it, so `orkeon assistant ...` then `orkeon usage` read the same conversation. `/resume <id>` makes another
one current, `/clear` (and `orkeon --new`, and an ACP client's session/new) start another. A session is made
only when one is needed: no command makes one of its own, and /clear empties a session that never held a
turn rather than leaving it behind empty.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from orkeon_engine.domain.session.session import BufferEntry, SessionInfo, title_from_entries
from orkeon_engine.ports.session_store import SessionNotFoundError, SessionStore


class CurrentSession:
    """The session of this CLI run or editor connection; `/resume` switches it in place."""

    def __init__(self, store: SessionStore, info: SessionInfo) -> None:
        self.store = store
        self._info = info

    @classmethod
    async def open(cls, store: SessionStore, resume_id: str | None = None, new: bool = False) -> CurrentSession:
        """The session `resume_id` names (SessionNotFoundError when none has it), else a new one when `new`,
        else the workspace's current session, else a new one; whichever it is becomes the current one."""
        if resume_id:
            info = await store.get_session(resume_id)
            await store.set_current_session(info.id)
            return cls(store, info)
        current = None if new else await _saved_current(store)
        if current is not None:
            return cls(store, current)
        info = await store.create_session()  # `new`: always a session of its own (two front ends may ask at once)
        await store.set_current_session(info.id)
        return cls(store, info)

    @property
    def id(self) -> str:
        return self._info.id

    @property
    def info(self) -> SessionInfo:
        return self._info

    async def switch(self, session_id: str) -> SessionInfo:
        """Work in the saved session `session_id` from now on, and make it the workspace's current one."""
        info = await self.store.get_session(session_id)
        await self.store.set_current_session(info.id)
        self._info = info
        return self._info

    async def start_new(self) -> SessionInfo:
        """Work in a fresh session from now on (this one stays saved); a session that never held a turn is
        emptied and kept instead of leaving an empty one behind."""
        self._info = await _fresh(self.store, self._info)
        return self._info

    async def get_state(self, key: str) -> Any | None:
        return await self.store.get_state(self.id, key)

    async def set_state(self, key: str, value: Any) -> None:
        await self.store.set_state(self.id, key, value)

    async def read_state(self) -> dict[str, Any]:
        return await self.store.read_state(self.id)

    async def append(self, *entries: BufferEntry) -> None:
        """Add `entries` to the buffer; a session without a title takes the first line of its first request."""
        await self.store.append_entries(self.id, list(entries))
        title = "" if self._info.title else title_from_entries(entries)
        if title:
            await self.store.set_title(self.id, title)
            self._info = replace(self._info, title=title)

    async def entries(self) -> list[BufferEntry]:
        return await self.store.read_entries(self.id)

    async def replace_entries(self, entries: list[BufferEntry]) -> None:
        await self.store.replace_entries(self.id, entries)


async def _saved_current(store: SessionStore) -> SessionInfo | None:
    """The workspace's current session, or None when none was set or it is gone."""
    session_id = await store.current_session_id()
    if session_id is None:
        return None
    try:
        return await store.get_session(session_id)
    except SessionNotFoundError:
        return None


async def _fresh(store: SessionStore, current: SessionInfo | None) -> SessionInfo:
    """A session with an empty buffer and state bag, made current: `current` itself, emptied, when it never
    held a turn; else a new one."""
    if current is not None and not await store.read_entries(current.id):
        await store.clear_state(current.id)
        await store.set_current_session(current.id)
        return current
    info = await store.create_session()
    await store.set_current_session(info.id)
    return info
