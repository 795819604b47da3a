"""TurnEvents: what a front end sees of the assistant's turn while it runs (the ACP agent streams it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # annotations only: a front end imports this port before any turn runs
    from orkeon_engine.domain.model.act import ToolCallRecord
    from orkeon_engine.domain.session.todos import TodoItem
    from orkeon_engine.domain.tool_call import ToolCall


class TurnEvents(Protocol):
    """The turn as it goes, in order: the answer's text as the model writes it, each tool call checked,
    started and finished, the plan of a turn in plan mode, and the todo list each time the model writes it.

    Each event is awaited where it happens, so a front end receives them in the order the turn made
    them (calls that run together may interleave their started and finished events).

    Failure contract: best effort; never raises (a front end that cannot show an event drops it)."""

    async def text(self, chunk: str) -> None:
        """A piece of the model's text, as it arrives (the whole text at once from a model that cannot
        stream)."""
        ...

    async def tool_call_checked(self, call: ToolCall) -> None:
        """A call described and about to be put to the gate (its `call_id` is the model's id for it)."""
        ...

    async def tool_call_started(self, call: ToolCall) -> None:
        """A call the gate allowed, about to run."""
        ...

    async def tool_call_finished(self, record: ToolCallRecord) -> None:
        """A call's outcome: its result, or why it never ran (unknown tool, bad arguments, refused)."""
        ...

    async def plan(self, steps: Sequence[str]) -> None:
        """The steps of the plan a turn in plan mode answered with, in order."""
        ...

    async def todos(self, items: Sequence[TodoItem]) -> None:
        """The whole todo list, each time the model writes it with todo_write (empty: the list was cleared)."""
        ...
