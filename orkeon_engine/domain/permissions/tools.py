"""The built-in tools the model calls, by the class the mode policies read, under the names rules use.

A tool states its own class (tools/base.py); this table is the same list for the pure code: the rule
parser's check of a tool name, the shipped rule sets (which name the edit and shell tools), and the docs.
A tool of an MCP server is an extra tool (the `tools.extra` setting), named `mcp__<server>__<tool>`: its
class is `extra` unless the setting declares it `read`, in which case it joins `read`. A rule's tool name
may end with `*` to name every tool that starts with the rest: `mcp__github__*` is every tool of the
github server. `spawn_agent` is the host's own tool: no catalogue names it, the tool loop offers it to
every act (class read: the child's own calls meet the gate).
"""

from __future__ import annotations

from orkeon_engine.domain.tool_call import ToolClass

READ_TOOLS: tuple[str, ...] = (
    "file_read", "directory_read", "list_mounts", "job_status", "job_tail", "progress_report", "index_status",
    "index_codebase", "incremental_reindex", "codebase_map", "dependency_graph", "package_summary",
    "codebase_search", "node_outline", "node_read", "goto_definition", "find_references", "memory_recall",
    "todo_write",
)
NETWORK_TOOLS: tuple[str, ...] = ("web_fetch", "create_pr")
"""The tools whose rule specifier is a domain pattern (`web_fetch(domain:example.org)`)."""
EDIT_TOOLS: tuple[str, ...] = ("file_edit", "file_write", "node_replace", "edit_batch", "definition_rewrite")
SHELL_TOOLS: tuple[str, ...] = ("shell_command", "start_job")
"""The tools whose rule specifier is a command pattern; every other tool's is a path pattern."""
SPAWN_AGENT = "spawn_agent"
HOST_TOOLS: tuple[str, ...] = (SPAWN_AGENT,)
"""The tools the tool loop offers itself: a catalogue that names one fails as for an unknown tool."""

BUILTIN_TOOLS: dict[str, ToolClass] = {
    **{name: "read" for name in READ_TOOLS},
    **{name: "read" for name in HOST_TOOLS},
    **{name: "network" for name in NETWORK_TOOLS},
    **{name: "edit" for name in EDIT_TOOLS},
    **{name: "shell" for name in SHELL_TOOLS},
}
ANY_TOOL = "*"
"""The tool name of a rule that applies to every tool (`*(.env)`: any tool touching a .env file)."""
TOOL_PREFIX_MARK = "*"
"""A rule's tool name ending with it names every tool that starts with the rest (`mcp__github__*`)."""


def tool_name_matches(pattern: str, name: str) -> bool:
    """True when a rule's tool name covers the tool `name`: `*`, the same name, or a prefix ending in `*`."""
    if pattern in (ANY_TOOL, name):
        return True
    return len(pattern) > 1 and pattern.endswith(TOOL_PREFIX_MARK) and name.startswith(pattern[:-1])
