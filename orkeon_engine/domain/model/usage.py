"""The usage ledger's records and sums: every model call of a session, by model and by command.

A cost nobody could price stays unknown: a sum keeps the priced part and counts the calls it lacks, so
`/usage` says `$0.0120 + 2 unpriced calls` rather than pretending they were free.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from orkeon_engine.domain.model.call_usage import Usage, format_cost


@dataclass(frozen=True)
class UsageRecord:
    """One model call: the session, the command that ran it, the model, its usage, when."""

    session_id: str
    command: str
    model: str
    usage: Usage
    at: datetime


@dataclass(frozen=True)
class UsageTotals:
    """The sum of some calls: how many, their tokens, the cost of the priced ones, and how many were not."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    priced_cost: float = 0.0
    unpriced_calls: int = 0

    def add(self, usage: Usage) -> UsageTotals:
        return UsageTotals(
            self.calls + 1,
            self.input_tokens + usage.input_tokens,
            self.output_tokens + usage.output_tokens,
            self.cache_read_tokens + usage.cache_read_tokens,
            self.cache_write_tokens + usage.cache_write_tokens,
            self.priced_cost + (usage.cost or 0.0),
            self.unpriced_calls + (1 if usage.cost is None else 0),
        )

    @property
    def cost(self) -> float | None:
        """The cost when every call was priced, else None."""
        return None if self.unpriced_calls else self.priced_cost

    def cost_text(self) -> str:
        if not self.unpriced_calls:
            return format_cost(self.priced_cost)
        if self.unpriced_calls == self.calls:
            return "unknown"
        plural = "" if self.unpriced_calls == 1 else "s"
        return f"{format_cost(self.priced_cost)} + {self.unpriced_calls} unpriced call{plural}"


@dataclass(frozen=True)
class UsageSummary:
    """A session's usage: the total, then by model and by command (each sorted by name)."""

    total: UsageTotals
    by_model: tuple[tuple[str, UsageTotals], ...] = ()
    by_command: tuple[tuple[str, UsageTotals], ...] = ()


def summarise(records: Iterable[UsageRecord]) -> UsageSummary:
    """Sum the records of one session."""
    total = UsageTotals()
    models: dict[str, UsageTotals] = {}
    commands: dict[str, UsageTotals] = {}
    for record in records:
        total = total.add(record.usage)
        models[record.model] = models.get(record.model, UsageTotals()).add(record.usage)
        command = record.command or "(none)"
        commands[command] = commands.get(command, UsageTotals()).add(record.usage)
    return UsageSummary(total, tuple(sorted(models.items())), tuple(sorted(commands.items())))
