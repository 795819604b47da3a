"""The assistant's tool set (`assistant.toolSet`): every tool the mode allows, or the core few for a model
with a small context window.

Each offered tool costs its description in every request: the full set is about 6,000 tokens, most of a
16,384-token window, and a small local model reads that prompt slowly (about 110 s on two CPU cores for the
first call) and picks worse among 27 tools than among 6. The core set keeps what a coding turn needs: read a
file, list a folder, search the code, change part of a file or write a whole one, run a command. The MCP
servers' tools the person named in `tools.extra` stay offered: they were asked for by name.

One tool is offered with the core set only: definition_rewrite, the edit of a Python function or class that
a focused call writes in plain text (tools/definition_rewrite.py), for the models that cannot write code
inside a call's JSON. A model offered the full set writes its edits itself.
"""

from __future__ import annotations

from typing import Literal

ToolSet = Literal["auto", "full", "core"]
TOOL_SETS: tuple[str, ...] = ("auto", "full", "core")
DEFINITION_REWRITE = "definition_rewrite"
CORE_ONLY_TOOLS: frozenset[str] = frozenset({DEFINITION_REWRITE})
"""Tools offered with the core set and never with the full one (the module docstring)."""
CORE_TOOLS: frozenset[str] = frozenset({"file_read", "directory_read", "codebase_search", "file_edit",
                                        "file_write", "shell_command", *CORE_ONLY_TOOLS})
SMALL_WINDOW = 32_768
"""`auto` offers the core set to a model whose known context window is at most this many tokens."""
EXTRA_PREFIX = "mcp__"


def uses_core_set(setting: str, window: int | None) -> bool:
    """Whether a turn offers the core set: `core` always, `full` never, `auto` for a known window of at most
    SMALL_WINDOW tokens (an unknown window keeps the full set: nothing says the model is small)."""
    if setting == "core":
        return True
    if setting == "auto":
        return window is not None and window <= SMALL_WINDOW
    return False


def in_core_set(name: str) -> bool:
    """Whether the core set keeps this tool: one of CORE_TOOLS, or an MCP server's tool named in tools.extra."""
    return name in CORE_TOOLS or name.startswith(EXTRA_PREFIX)
