"""The engine's TurnEvents as session/update notifications: the answer as `agent_message_chunk`, each tool
call as `tool_call` then `tool_call_update` (in progress, completed or failed, with its diff, its terminal
and its result, its title then the call's whole action line, as the terminal shows it), the plan of a
plan-mode turn as `plan`, the todo list the model keeps (todo_write) as `plan` too, each entry with its
status; and the session's `available_commands_update` (the catalogue's commands) and `current_mode_update`.
"""

from __future__ import annotations

from collections.abc import Sequence

from acp import plan_entry, start_tool_call, tool_terminal_ref, update_agent_message_text, update_plan, update_tool_call
from acp.helpers import update_available_commands, update_current_mode
from acp.schema import AvailableCommand, AvailableCommandInput, AvailableCommandsUpdate, UnstructuredCommandInput

from orkeon_acp.peer import SessionPeer
from orkeon_acp.tool_calls import (
    Content,
    call_content,
    finished_title,
    result_content,
    result_status,
    tool_kind,
    tool_locations,
    tool_title,
)
from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.session.todos import TodoItem
from orkeon_engine.domain.tool_call import ToolCall
from orkeon_engine.engine import CommandEntry

__all__ = ["AcpTurnEvents", "available_commands", "update_current_mode"]


class AcpTurnEvents:
    """TurnEvents over session/update. Never raises (SessionPeer.update drops what it cannot send)."""

    def __init__(self, peer: SessionPeer) -> None:
        self._peer = peer
        self._content: dict[str, list[Content]] = {}
        self._calls: dict[str, ToolCall] = {}
        self._running_shell: str | None = None

    async def text(self, chunk: str) -> None:
        await self._peer.update(update_agent_message_text(chunk))

    async def tool_call_checked(self, call: ToolCall) -> None:
        content = call_content(call, self._peer.host_path)
        self._content[call.call_id] = content
        self._calls[call.call_id] = call
        await self._peer.update(start_tool_call(
            call.call_id, tool_title(call), kind=tool_kind(call.tool_class), status="pending", content=content,
            locations=tool_locations(call, self._peer.host_path), raw_input=call.arguments))

    async def tool_call_started(self, call: ToolCall) -> None:
        if call.tool_class == "shell":  # a shell call runs alone: the terminal it opens is this call's
            self._running_shell = call.call_id
        await self._peer.update(update_tool_call(call.call_id, status="in_progress"))

    async def tool_call_finished(self, record: ToolCallRecord) -> None:
        if self._running_shell == record.id:
            self._running_shell = None
        shown = self._content.pop(record.id, None)
        content = [*(shown or []), result_content(record)]
        title = finished_title(record, self._calls.pop(record.id, None))
        if shown is None:  # never announced: an unknown tool or arguments that did not fit
            await self._peer.update(start_tool_call(record.id, title, kind=tool_kind(None),
                                                    status=result_status(record), content=content,
                                                    raw_input=record.arguments))
            return
        await self._peer.update(update_tool_call(record.id, title=title, status=result_status(record),
                                                 content=content))

    async def plan(self, steps: Sequence[str]) -> None:
        await self._peer.update(update_plan(plan_entry(step) for step in steps))

    async def todos(self, items: Sequence[TodoItem]) -> None:
        await self._peer.update(update_plan(plan_entry(item.content, status=item.status) for item in items))

    async def show_terminal(self, terminal_id: str) -> None:
        """Embed the client's terminal in the shell call that runs in it."""
        call_id = self._running_shell
        if call_id is None:
            return
        content = self._content.setdefault(call_id, [])
        content.append(tool_terminal_ref(terminal_id))
        await self._peer.update(update_tool_call(call_id, content=list(content)))


def available_commands(catalogue: Sequence[CommandEntry]) -> AvailableCommandsUpdate:
    """Every command of the catalogue, with its argument hint when it takes arguments."""
    return update_available_commands(
        AvailableCommand(name=entry.name, description=entry.description,
                         input=AvailableCommandInput(UnstructuredCommandInput(hint=entry.hint)) if entry.hint else None)
        for entry in catalogue
    )
