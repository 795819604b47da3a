"""How much of the context window a turn used, one measure everywhere: the prompt tokens of the last model
call as the provider counted them (the header, the history, the tool definitions and the turn's own tool
results: all the model had to read). The sum of the prompt tokens over a turn's calls (or a session's) is
another figure, what was paid for, and is always labelled as a sum. Before a call, the gauge estimates the
prompt (about four characters a token) and says so.

The last call's figure is kept in the session's state bag, so /status and /context show it after the turn.
"""

from __future__ import annotations

from typing import Any

from orkeon_engine.domain.context.compaction_thresholds import Gauge, Thresholds, gauge_for
from orkeon_engine.domain.model.call_usage import Usage, format_cost
from orkeon_engine.domain.model.local_server import NO_PRICE

LAST_CALL_KEY = "context.lastCall"


def last_call_state(prompt_tokens: int) -> dict[str, int]:
    return {"promptTokens": prompt_tokens}


def read_last_prompt(value: Any) -> int | None:
    """The last call's prompt tokens from the state bag; None when none was recorded (or it is unreadable)."""
    tokens = value.get("promptTokens") if isinstance(value, dict) else None
    return tokens if isinstance(tokens, int) and not isinstance(tokens, bool) and tokens > 0 else None


def summed_usage_text(usage: Usage, model_calls: int, local: bool = False) -> str:
    """`5,148 tokens in (summed over the calls), 56 out, $0`; one call's figures are not called a sum; a
    `local` model nobody priced has "no price (local model)" for its cost."""
    summed = " (summed over the calls)" if model_calls > 1 else ""
    cost = NO_PRICE if local and usage.cost is None else format_cost(usage.cost)
    return f"{usage.input_tokens:,} tokens in{summed}, {usage.output_tokens:,} out, {cost}"


def context_used_text(last_prompt: int | None, estimate: Gauge, thresholds: Thresholds) -> str:
    """`2,800 of 16,384 tokens (17%) at the last model call, tier ok`, or the estimate, said to be one."""
    if last_prompt:
        measured = gauge_for(last_prompt, thresholds)
        return f"{measured.share()} at the last model call, tier {measured.tier}"
    return f"about {estimate.share()}, estimated before the call, tier {estimate.tier}"
