"""TerminalTurnEvents: the assistant's turn as the terminal shows it while it runs: each tool call's action
line as it ends (an edit with its diff), the call that is running and the answer being written under the
spinner (domain/ui/action_lines.py makes the lines, imported by the first call that runs: a command without
a turn, `orkeon status`, draws none; adapters/terminal_screen.py draws them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orkeon_engine.adapters.terminal_screen import Screen
    from orkeon_engine.domain.model.act import ToolCallRecord
    from orkeon_engine.domain.session.todos import TodoItem
    from orkeon_engine.domain.tool_call import ToolCall


class TerminalTurnEvents:
    """TurnEvents on a Screen; never raises (the screen drops what it cannot draw)."""

    def __init__(self, screen: Screen) -> None:
        self._screen = screen
        self._calls: dict[str, ToolCall] = {}

    async def text(self, chunk: str) -> None:
        self._screen.stream(chunk)

    async def tool_call_checked(self, call: ToolCall) -> None:
        self._calls[call.call_id] = call

    async def tool_call_started(self, call: ToolCall) -> None:
        from orkeon_engine.domain.ui.action_lines import started_line

        self._screen.status(f"{started_line(call)} …")

    async def tool_call_finished(self, record: ToolCallRecord) -> None:
        from orkeon_engine.domain.ui.action_lines import action_line

        self._screen.action(action_line(record, self._calls.pop(record.id, None)))

    async def plan(self, steps: Sequence[str]) -> None:
        return None  # a plan is the answer itself, printed whole at the end

    async def todos(self, items: Sequence[TodoItem]) -> None:
        return None  # the todo board reports the list on the progress line
