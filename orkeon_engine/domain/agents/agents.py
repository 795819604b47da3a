"""The sub-agent charters: the agents a crew (or the model, through spawn_agent) starts as a child for one
bounded job, each with its purpose, the permission mode it runs in, the tools it is offered (names the gate
knows, domain/permissions/tools.py), its budget and the dev step it runs under when its starter names none.

`general` is the charter of a child that does part of its parent's own task: it takes the parent's mode
and tools (general_charter). A child run under a dev step gets that step's budget (STEP_BUDGETS) and rule
sets (permissions/rule_sets.py STEP_RULE_SETS); /agents lists the built-in charters."""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.permissions.modes import PermissionMode
from orkeon_engine.domain.permissions.rule_sets import STEP_RULE_SETS

GENERAL_CHARTER = "general"
"""The charter of a child that works with its parent's mode and tools."""


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
    step: str | None = None
    """The dev step it runs under when the one starting it names none (its rule sets and budget)."""


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
        step="dev-review",
    ),
    AgentCharter(
        name="dev-auditor",
        purpose="Judges a delivered batch against its sheet, the code first: each gap cites a file and a "
                "line, and one blocking or major gap makes the verdict GAPS; it runs no command.",
        mode="plan",
        tools=("file_read", "directory_read", "node_outline", "node_read", "codebase_search", "memory_recall"),
        budget=AgentBudget(tool_calls=60, seconds=900, context_tokens=300_000),
        started_by="/dev-batches --audit (a background child of the verify step)",
        step="dev-verify",
    ),
)


def find_charter(name: str) -> AgentCharter | None:
    wanted = name.strip().lower()
    return next((charter for charter in CHARTERS if charter.name == wanted), None)


GENERAL_BUDGET = AgentBudget(tool_calls=100, seconds=900, context_tokens=400_000)

_REVIEW_BUDGET = AgentBudget(tool_calls=40, seconds=600, context_tokens=200_000)
_AUDIT_BUDGET = AgentBudget(tool_calls=60, seconds=900, context_tokens=300_000)
_BUILD_BUDGET = AgentBudget(tool_calls=120, seconds=1800, context_tokens=500_000)

STEP_BUDGETS: dict[str, AgentBudget] = {
    "dev-spec": _REVIEW_BUDGET,
    "dev-change": _REVIEW_BUDGET,
    "dev-plan": _REVIEW_BUDGET,
    "dev-review": _REVIEW_BUDGET,
    "dev-implement": _BUILD_BUDGET,
    "dev-verify": _AUDIT_BUDGET,
    "dev-batches": _BUILD_BUDGET,
    "dev-learn": _REVIEW_BUDGET,
}
"""The budget of a child run under each dev step (the steps of STEP_RULE_SETS, a test checks)."""


def general_charter(mode: PermissionMode, tools: tuple[str, ...]) -> AgentCharter:
    """The `general` charter for a parent working in `mode` with `tools` (spawn_agent is never among them)."""
    return AgentCharter(
        name=GENERAL_CHARTER,
        purpose="Does one bounded part of its parent's task, with the parent's permission mode and tools, and "
                "reports what it did and found.",
        mode=mode,
        tools=tuple(tool for tool in tools if tool != "spawn_agent"),
        budget=GENERAL_BUDGET,
        started_by="spawn_agent (the model, for part of its own task)",
    )


def charter_names() -> tuple[str, ...]:
    """Every charter a child can be started from: `general`, then the built-in ones."""
    return (GENERAL_CHARTER, *(charter.name for charter in CHARTERS))


def known_step(step: str) -> bool:
    """Whether `step` is a dev step with rule sets (and a budget)."""
    return step in STEP_RULE_SETS


def child_budget(charter: AgentCharter, step: str | None) -> AgentBudget:
    """Where a child stops: its step's budget when it runs under one, else its charter's."""
    if step is not None and step in STEP_BUDGETS:
        return STEP_BUDGETS[step]
    return charter.budget
