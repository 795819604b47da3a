"""Tool calls as the gate sees them, built in one line for the permission tests."""

from __future__ import annotations

from orkeon_engine.domain.tool_call import ToolCall, ToolClass


def shell(command: str, tool: str = "shell_command") -> ToolCall:
    return ToolCall(tool, "shell", {"command": command}, command=command)


def read(*paths: str, tool: str = "file_read") -> ToolCall:
    return ToolCall(tool, "read", {"path": paths[0] if paths else ""}, paths=tuple(paths))


def write(*paths: str, tool: str = "file_write", preview: str = "") -> ToolCall:
    return ToolCall(tool, "edit", {"path": paths[0] if paths else ""}, paths=tuple(paths), preview=preview)


def call(tool: str, tool_class: ToolClass) -> ToolCall:
    return ToolCall(tool, tool_class, {})
