"""Usage: the tokens and the cost of one model call, or of a sum of calls.

It sits below both the chat values (a reply carries its usage) and the prices (a price turns a usage into
dollars), so neither of those modules imports the other's; with the lines that show a usage and a cost, it
is all a reader of the ledger needs (`orkeon status` loads no chat values).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Usage:
    """Tokens of one call (or a sum of calls) and its cost in US dollars; `cost` None means unknown.

    `input_tokens` counts the whole prompt, the cached part included; `cache_read_tokens` and
    `cache_write_tokens` say how much of it the provider's cache served or stored."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    cost: float | None = 0.0

    def __add__(self, other: Usage) -> Usage:
        cost = None if self.cost is None or other.cost is None else self.cost + other.cost
        return Usage(
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.cache_read_tokens + other.cache_read_tokens,
            self.cache_write_tokens + other.cache_write_tokens,
            cost,
        )

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens


def format_cost(cost: float | None) -> str:
    """A cost as the person reads it: `$0.0123`, or `unknown` when nobody could price it."""
    if cost is None:
        return "unknown"
    if cost == 0:
        return "$0"
    return f"${cost:.4f}" if cost < 100 else f"${cost:,.2f}"


def format_usage(usage: Usage) -> str:
    """`1,234 tokens in, 56 out, $0.0012`: the line a progress report shows."""
    return f"{usage.input_tokens:,} tokens in, {usage.output_tokens:,} out, {format_cost(usage.cost)}"


def usage_so_far(usage: Usage) -> str:
    """The running figures of work under way: as format_usage, but a cost nobody could price is left out
    (the closing line says it once)."""
    if usage.cost is None:
        return f"{usage.input_tokens:,} tokens in, {usage.output_tokens:,} out"
    return format_usage(usage)
