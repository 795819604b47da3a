"""A session's records: its summary, the entries of its conversation buffer, and the roles they take."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

Role = Literal["user", "assistant", "system", "tool"]
ROLES: tuple[Role, ...] = ("user", "assistant", "system", "tool")


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
