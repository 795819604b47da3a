"""SessionPeer: the ACP client as one session reaches it (the connection, the session's id, what the
client supports), with the one best-effort call every adapter of the session shares: `update`."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from acp.interfaces import Client

from orkeon_acp.client import ClientSupport

log = logging.getLogger("orkeon_acp")


def _no_host_path(virtual: str) -> str | None:
    return None


@dataclass
class SessionPeer:
    """The client of one session. `session_id` and `host_path` are filled once the engine is built."""

    conn: Client
    support: ClientSupport
    session_id: str = ""
    host_path: Callable[[str], str | None] = field(default=_no_host_path)
    """Maps a virtual path (`/workspace/a.py`) to the host path the client knows, or None."""

    async def update(self, update: Any) -> None:
        """A session/update notification; dropped (and logged) when it cannot be sent."""
        try:
            await self.conn.session_update(session_id=self.session_id, update=update)
        except Exception as error:  # the connection is going away: updates are best effort
            log.debug("session/update not sent (%s)", error)
