"""ActionProgress: the turn's events as progress reports, for a front end whose only live surface is a
progress line (the editor's `$/progress`): each tool call's action line as it starts and as it ends, so the
person sees what the assistant does, not how the turn is put together."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.session.todos import TodoItem
from orkeon_engine.domain.tool_call import ToolCall
from orkeon_engine.domain.ui.action_lines import action_line, started_line
from orkeon_engine.ports.progress import Progress


class ActionProgress:
    """TurnEvents over a Progress; never raises (the Progress port is best effort itself)."""

    def __init__(self, progress: Progress) -> None:
        self._progress = progress
        self._calls: dict[str, ToolCall] = {}

    async def text(self, chunk: str) -> None:
        return None

    async def tool_call_checked(self, call: ToolCall) -> None:
        self._calls[call.call_id] = call

    async def tool_call_started(self, call: ToolCall) -> None:
        self._progress.report(f"{started_line(call)} …")

    async def tool_call_finished(self, record: ToolCallRecord) -> None:
        self._progress.report(action_line(record, self._calls.pop(record.id, None)).text)

    async def plan(self, steps: Sequence[str]) -> None:
        return None

    async def todos(self, items: Sequence[TodoItem]) -> None:
        return None  # the todo board reports the list on the progress line itself
