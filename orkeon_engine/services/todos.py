"""The session's todo list: kept in the state bag, and each new list told to whoever shows it (the run's
progress line, which the editor shows as `$/progress`, and the turn's events, which an ACP client shows as
its plan)."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.domain.session.todos import TODOS_KEY, TodoItem, read_todos, todo_summary
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.turn_events import TurnEvents
from orkeon_engine.services.session_io import CurrentSession


async def read_session_todos(session: CurrentSession) -> tuple[TodoItem, ...]:
    """The todo list the model last wrote in this session (empty when none)."""
    return read_todos(await session.get_state(TODOS_KEY))


class TodoBoard:
    """Where todo_write puts the list: the session, then the progress line and the turn's events."""

    def __init__(self, session: CurrentSession, progress: Progress | None = None,
                 events: TurnEvents | None = None) -> None:
        self._session = session
        self._progress = progress
        self._events = events

    async def write(self, items: Sequence[TodoItem]) -> None:
        """Keep `items` as the session's list (an empty list clears it) and report it."""
        await self._session.set_state(TODOS_KEY, [item.as_json() for item in items])
        if self._progress is not None:
            self._progress.report(f"todos: {todo_summary(items)}")  # no percentage: the turn's steps own it
        if self._events is not None:
            await self._events.todos(tuple(items))
