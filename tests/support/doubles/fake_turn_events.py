"""FakeTurnEvents: the TurnEvents port recording every event in order, as (kind, value) pairs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.session.todos import TodoItem
from orkeon_engine.domain.tool_call import ToolCall


class FakeTurnEvents:
    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    async def text(self, chunk: str) -> None:
        self.events.append(("text", chunk))

    async def tool_call_checked(self, call: ToolCall) -> None:
        self.events.append(("checked", call))

    async def tool_call_started(self, call: ToolCall) -> None:
        self.events.append(("started", call))

    async def tool_call_finished(self, record: ToolCallRecord) -> None:
        self.events.append(("finished", record))

    async def plan(self, steps: Sequence[str]) -> None:
        self.events.append(("plan", tuple(steps)))

    async def todos(self, items: Sequence[TodoItem]) -> None:
        self.events.append(("todos", tuple(items)))

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.events]

    def texts(self) -> list[str]:
        return [value for kind, value in self.events if kind == "text"]
