"""The engine's tool calls in ACP's terms: a call's kind, title, locations and content (the diff of an
edit), and a finished call's status and result, for `tool_call`, `tool_call_update` and the toolCall of
session/request_permission.

Paths reach the client as host paths (the client knows no /workspace); a path that maps to none is left
out. A result shown in the editor is cut to RESULT_CHARS: the model got all of it, the person sees the start.
"""

from __future__ import annotations

from collections.abc import Callable

from acp import text_block, tool_content, tool_diff_content
from acp.schema import (
    ContentToolCallContent,
    FileEditToolCallContent,
    TerminalToolCallContent,
    ToolCallLocation,
    ToolCallStatus,
    ToolKind,
)

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.tool_call import ToolCall, ToolClass
from orkeon_engine.domain.ui.action_lines import action_line, started_line

HostPath = Callable[[str], str | None]
Content = ContentToolCallContent | FileEditToolCallContent | TerminalToolCallContent
RESULT_CHARS = 4000
TITLE_CHARS = 120
KINDS: dict[ToolClass, ToolKind] = {"read": "read", "edit": "edit", "shell": "execute", "network": "fetch"}


def tool_kind(tool_class: ToolClass | None) -> ToolKind:
    """ACP's kind for a tool class (`other` when the call never reached a tool)."""
    return KINDS.get(tool_class, "other") if tool_class is not None else "other"


def tool_title(call: ToolCall) -> str:
    """What the call does in the person's terms, as the terminal's action line starts (`Run npm test`,
    `Read a.py`); once it ends, its update's title is the whole action line (`finished_title`)."""
    return _cut(started_line(call))


def finished_title(record: ToolCallRecord, call: ToolCall | None) -> str:
    """The finished call's action line (`Read a.py (12 lines)`, `Run pytest → 2 passed`)."""
    return _cut(action_line(record, call).text)


def _cut(title: str) -> str:
    title = " ".join(title.split())
    return title if len(title) <= TITLE_CHARS else title[: TITLE_CHARS - 1] + "…"


def tool_locations(call: ToolCall, host_path: HostPath) -> list[ToolCallLocation]:
    """The files the call touches, as host paths."""
    hosts = (host_path(path) for path in call.paths)
    return [ToolCallLocation(path=host) for host in hosts if host]


def call_content(call: ToolCall, host_path: HostPath) -> list[Content]:
    """What the editor shows of a call before it runs: the diff of an edit."""
    edit = call.edit
    if edit is None:
        return []
    host = host_path(edit.path)
    return [tool_diff_content(host, edit.new_text, edit.old_text)] if host else []


def result_status(record: ToolCallRecord) -> ToolCallStatus:
    return "failed" if record.result.is_error else "completed"


def result_content(record: ToolCallRecord) -> Content:
    """The call's result as the editor shows it (cut to RESULT_CHARS)."""
    text = record.result.text or "(no output)"
    if len(text) > RESULT_CHARS:
        text = f"{text[:RESULT_CHARS]}\n[... {len(text) - RESULT_CHARS:,} more characters given to the model]"
    return tool_content(text_block(text))

