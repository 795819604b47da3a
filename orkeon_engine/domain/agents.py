"""The sub-agent charters: the agents a crew starts as a child for one bounded job, each with its purpose,
the permission mode it runs in, the tools it is offered (names the gate knows, domain/permissions/tools.py)
and its budget. /agents lists them; the crews that start them read them from here."""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.permissions.modes import PermissionMode


@dataclass(frozen=True)
class AgentBudget:
    """Where a child run stops: tool calls, wall-clock seconds, context tokens (counted once)."""

    tool_calls: int
    seconds: int
    context_tokens: int

    def describe(self) -> str:
        return f"{self.tool_calls} tool calls, {self.seconds} s, {self.context_tokens:,} context tokens"


@dataclass(frozen=True)
class AgentCharter:
    """One sub-agent."""

    name: str
    purpose: str
    mode: PermissionMode
    tools: tuple[str, ...]
    budget: AgentBudget
    started_by: str


CHARTERS: tuple[AgentCharter, ...] = (
    AgentCharter(
        name="dev-reviewer",
        purpose="Reads a plan, a spec or a change brief and asks the questions its author left open, the "
                "heaviest first; it only looks: no file changes, no command.",
        mode="plan",
        tools=("file_read", "directory_read", "list_mounts", "codebase_search", "codebase_map", "node_outline",
               "node_read", "goto_definition", "find_references"),
        budget=AgentBudget(tool_calls=40, seconds=600, context_tokens=200_000),
        started_by="/dev-plan, /dev-spec (a background child of the step)",
    ),
    AgentCharter(
        name="dev-auditor",
        purpose="Judges a delivered batch against its sheet, the code first: each gap cites a file and a "
                "line, and one blocking or major gap makes the verdict GAPS; it runs no command.",
        mode="plan",
        tools=("file_read", "directory_read", "node_outline", "node_read", "codebase_search", "memory_recall"),
        budget=AgentBudget(tool_calls=60, seconds=900, context_tokens=300_000),
        started_by="/dev-batches --audit (a background child of the verify step)",
    ),
)


def find_charter(name: str) -> AgentCharter | None:
    wanted = name.strip().lower()
    return next((charter for charter in CHARTERS if charter.name == wanted), None)
