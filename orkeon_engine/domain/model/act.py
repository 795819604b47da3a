"""The tool loop's data: its budget, the typed stops (budget spent, cancelled), and what it hands back.

The loop itself is services/act.py; these are values a crew's pure part may read too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.chat import ChatMessage, Usage
from orkeon_engine.domain.tool_call import ToolResult, Verdict

BudgetKind = Literal["tool_calls", "seconds", "context_tokens", "turns"]
BUDGET_WORDS: dict[BudgetKind, str] = {
    "tool_calls": "tool calls",
    "seconds": "seconds",
    "context_tokens": "context tokens",
    "turns": "model turns",
}


@dataclass(frozen=True)
class Budget:
    """The limits of one act; None is no limit. The defaults are the main loop's.

    `context_tokens` sums the prompt of every model turn once (each turn sends the whole context again)."""

    tool_calls: int | None = 200
    seconds: float | None = 1800
    context_tokens: int | None = 700_000
    turns: int | None = None
    """How many model turns may ask for tools (the next turn that would still ask stops the loop)."""


@dataclass(frozen=True)
class ToolCallRecord:
    """One call the model made and what came of it.

    `verdict` is None when the call never reached the gate: an unknown tool, or arguments that do not fit."""

    id: str
    name: str
    arguments: dict[str, Any]
    verdict: Verdict | None
    result: ToolResult


@dataclass(frozen=True)
class ActResult:
    """The final answer, every call made in order, the usage summed over the model turns, and the whole
    conversation (the system message first) for a caller that continues it."""

    text: str
    calls: tuple[ToolCallRecord, ...]
    usage: Usage
    turns: int
    messages: tuple[ChatMessage, ...] = ()
    last_prompt_tokens: int = 0
    """The prompt tokens of the last model call as the provider counted them: the context it used (0: the
    provider did not say)."""
    ignored: tuple[str, ...] = ()
    """What the loop declined to act on in the final reply, a line each for the person (a call copied from
    what the model was shown: domain/model_replies/text_tool_calls.py, rule 5)."""


class BudgetExhausted(CommandFailedError):
    """The loop stopped because one limit of its budget was reached; `kind` says which.

    It carries what was done before the stop (the calls and the usage) for a caller that reports it."""

    def __init__(self, kind: BudgetKind, limit: float, used: float, calls: tuple[ToolCallRecord, ...] = (),
                 usage: Usage | None = None) -> None:
        super().__init__(f"the tool loop stopped: its budget of {limit:,g} {BUDGET_WORDS[kind]} is spent "
                         f"({used:,g} used)")
        self.kind: BudgetKind = kind
        self.limit = limit
        self.used = used
        self.calls = calls
        self.usage = usage or Usage()


class Cancelled(CommandFailedError):
    """The person asked to stop; the loop stopped at its next safe point (before a model or tool call)."""

    def __init__(self, calls: tuple[ToolCallRecord, ...] = (), usage: Usage | None = None) -> None:
        super().__init__(f"cancelled after {len(calls)} tool call{'' if len(calls) == 1 else 's'}")
        self.calls = calls
        self.usage = usage or Usage()
