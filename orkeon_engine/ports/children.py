"""The children of a run: ChildRuntime runs each child as background work of this engine, ChildStore keeps
what a child is and what it left (its transcript, its report, its usage) in state.db.

The service over both is services/children.py; a caller starts, waits for, reads and stops children there.
"""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from datetime import datetime
from typing import Any, Protocol

from orkeon_engine.domain.agents.children import ChildDraft, ChildRecord, ChildState
from orkeon_engine.domain.model.chat import ChatMessage, Usage


class ChildRuntime(Protocol):
    """Runs children as tasks of the engine's event loop, beside the command that started them.

    Failure contract: never raises. The work handed to `launch` records its own outcome; the runtime only
    runs, waits for and cancels it."""

    def launch(self, child_id: int, work: Coroutine[Any, Any, None]) -> None:
        """Start `work` now, in the background."""
        ...

    async def wait(self, child_id: int) -> None:
        """Return once the child's work has ended (at once for a child this runtime does not run). A cancel
        of the waiter leaves the child running."""
        ...

    def stop(self, child_id: int) -> bool:
        """Cancel the child's work; False when this runtime is not running it."""
        ...

    def running(self) -> tuple[int, ...]:
        """The children running here, in launch order."""
        ...

    def close(self) -> tuple[int, ...]:
        """Cancel every running child (the engine ends); the ids that were running."""
        ...


class ChildStore(Protocol):
    """The children of a workspace, kept across restarts.

    Failure contract: every call raises OSError naming the database when it cannot be read or written.
    `finish` changes a running child only: the first ending recorded is the one that stands."""

    owner: str
    """This engine's mark on the children it starts, telling them from those of another process."""

    async def create(self, draft: ChildDraft) -> ChildRecord:
        """Record a child as running, owned by this engine; its record with the id it was given."""
        ...

    async def add_messages(self, child_id: int, messages: Sequence[ChatMessage]) -> None:
        """Append messages to the child's transcript."""
        ...

    async def add_usage(self, child_id: int, usage: Usage) -> None:
        """Add one model call's tokens and cost to the child's usage."""
        ...

    async def finish(self, child_id: int, state: ChildState, report: str, detail: str,
                     ended: datetime) -> ChildRecord | None:
        """Record how a running child ended; the record as it stands after (None for an unknown id)."""
        ...

    async def get(self, child_id: int) -> ChildRecord | None:
        ...

    async def recent(self, session_id: str | None = None, parent: str | None = None,
                   limit: int = 50) -> list[ChildRecord]:
        """The latest children (of one session, of one parent run, when given), oldest first."""
        ...

    async def transcript(self, child_id: int) -> list[ChatMessage]:
        """The child's conversation as the model saw it, its system message first."""
        ...
