"""A session's records: its summary, the entries of its conversation buffer, and the roles they take."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Role = Literal["user", "assistant", "system", "tool"]
ROLES: tuple[Role, ...] = ("user", "assistant", "system", "tool")
TITLE_CHARS = 60
"""A session's title is the first line of its first request, cut to this many characters."""


@dataclass(frozen=True)
class SessionInfo:
    """One saved session as a list shows it."""

    id: str
    title: str
    created: datetime
    updated: datetime


@dataclass(frozen=True)
class BufferEntry:
    """One entry of the conversation buffer: who said it, what, and of which kind (message, summary...)."""

    role: Role
    text: str
    kind: str = "message"


def title_from_entries(entries: Sequence[BufferEntry]) -> str:
    """The title a session takes from its first request: the first line of the first user message (archived by
    a compaction or not), cut to TITLE_CHARS; "" when no entry is one."""
    for entry in entries:
        if entry.role == "user" and entry.kind.rsplit(":", 1)[-1] == "message" and entry.text.strip():
            return entry.text.strip().splitlines()[0].strip()[:TITLE_CHARS]
    return ""
