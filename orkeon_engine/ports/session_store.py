"""SessionStore: sessions with their conversation buffer and state bag, kept across runs, and which one is
the workspace's current session (the one the next command or prompt continues)."""

from __future__ import annotations

from typing import Any, Protocol

from orkeon_engine.domain.session.session import BufferEntry, SessionInfo


class SessionNotFoundError(LookupError):
    """No saved session has that id."""


class SessionStore(Protocol):
    """Durable sessions.

    Failure contract: every write is one transaction, all of it or nothing; a write that cannot be made
    raises OSError (or a subclass) with the store's location in the message. `get_session` and the reads
    of one session raise SessionNotFoundError for an unknown id. Two processes writing the same store at
    once corrupt nothing. `persistent` is False when the store could not be opened on disk and lives in
    memory for this run only (the reason is in `limitation`)."""

    persistent: bool
    limitation: str
    location: str

    async def create_session(self, title: str = "") -> SessionInfo: ...

    async def get_session(self, session_id: str) -> SessionInfo: ...

    async def list_sessions(self, limit: int = 50) -> list[SessionInfo]:
        """The sessions that held a turn (at least one entry in their buffer), the latest first."""
        ...

    async def current_session_id(self) -> str | None:
        """The id the workspace's current session had when it was made current (None: none was yet). The
        session may have been removed since: the caller checks with `get_session`."""
        ...

    async def set_current_session(self, session_id: str) -> None:
        """Make a saved session the workspace's current one; SessionNotFoundError for an unknown id."""
        ...

    async def set_title(self, session_id: str, title: str) -> None: ...

    async def append_entries(self, session_id: str, entries: list[BufferEntry]) -> None: ...

    async def read_entries(self, session_id: str) -> list[BufferEntry]: ...

    async def replace_entries(self, session_id: str, entries: list[BufferEntry]) -> None:
        """Replace the whole buffer (a compaction, /clear) in one transaction."""
        ...

    async def get_state(self, session_id: str, key: str) -> Any | None:
        """A JSON value of the state bag, or None when the key is not set."""
        ...

    async def set_state(self, session_id: str, key: str, value: Any) -> None:
        """Set a JSON value of the state bag; None removes the key."""
        ...

    async def read_state(self, session_id: str) -> dict[str, Any]:
        """The whole state bag."""
        ...

    async def clear_state(self, session_id: str) -> None: ...
