"""CheckpointStore: the checkpoints of each session's assistant turns (the files each turn changed, before
and after), kept across runs so `/undo` and `/rewind` work in a later run too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.checkpoints import Checkpoint


class CheckpointStoreError(CommandFailedError):
    """The store cannot be read or written; the message names it and the reason."""


class CheckpointStore(Protocol):
    """Turns by (session, number), numbered from 1 in each session.

    Failure contract: a store that cannot be read or written raises CheckpointStoreError; each method is
    one transaction. `record_file` keeps the `before` of a file's first record in a turn and the `after` of
    its last."""

    async def begin_turn(self, session_id: str, request: str, history_at: int = 0) -> int:
        """A new turn of the session: its number (one past the session's last); `history_at` is how many
        entries the conversation held before its request."""
        ...

    async def record_file(self, session_id: str, turn: int, path: str, before: str | None,
                          after: str | None) -> None: ...

    async def turns(self, session_id: str) -> list[Checkpoint]:
        """Every turn of the session, oldest first, with its files."""
        ...

    async def mark_files_undone(self, session_id: str, turns: Sequence[int]) -> None: ...
