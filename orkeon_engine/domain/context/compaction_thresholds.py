"""The budgets of the assistant's context, derived from the model's context window and the facts they
depend on: the header's ceiling, the room kept for the answer, and the largest piece one file read adds.

Everything is counted in estimated tokens (`estimate_tokens`: about four characters a token, rounded up),
which is what the gauge, the thresholds and /context all use, so they agree with one another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

PressureTier = Literal["ok", "warning", "error"]

ASSUMED_CONTEXT_WINDOW = 32_768
"""The window the budgets are computed on when nothing says what it is (neither the model's server, nor
litellm's table, nor `model.contextWindow`): small enough for most local servers. It is never shown as the
window: the window stays "unknown"."""
MIN_CONTEXT_WINDOW = 4_096
CHARS_PER_TOKEN = 4

HEADER_CEILING_CHARS = 9_000
"""The most the authored part of the main loop's static header may take (crews/main_loop/header.py)."""
INSTRUCTIONS_CEILING_CHARS = 24_000
"""The most of the project's instructions file the header carries (the rest is named, not sent)."""
FILE_READ_CUT_CHARS = 60_000
"""The most one file_read call returns (tools/file_read.py cuts there): a turn keeps room for one more."""
ANSWER_RESERVE_TOKENS = 8_000
"""Room kept for the model's answer and its tool-call arguments."""

WARNING_SHARE = 0.75
ERROR_SHARE = 0.90
AUTO_COMPACT_SHARE = 0.60
SNIP_SHARE = 0.30
TARGET_SHARE = 0.40
TRANSCRIPT_SHARE = 0.70
RESTORE_SHARE = 0.15
SUMMARY_SHARE = 0.05
MAX_SUMMARY_TOKENS = 4_000
MIN_SUMMARY_TOKENS = 300


def estimate_tokens(text: str) -> int:
    """Tokens a text takes, estimated from its length (no tokenizer is loaded for this)."""
    return (len(text) + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN


@dataclass(frozen=True)
class Thresholds:
    """The budgets for one context window, in estimated tokens.

    `usable` is the window less the fixed reserves (header, answer, one more file read): what the user
    body may fill. The gauge's tiers, the automatic compaction's trigger and the compaction's own budgets
    are shares of it."""

    window: int
    """The window the budgets are computed on (ASSUMED_CONTEXT_WINDOW when `window_known` is false)."""
    usable: int
    warning: int
    error: int
    auto_compact: int
    snip_target: int
    """The most of the last exchanges a snip keeps."""
    target: int
    """What a compaction must bring the live history under; a snip that does not is followed by a summary."""
    transcript: int
    summary: int
    restore: int
    restore_file: int
    window_known: bool = True

    def tier(self, used: int) -> PressureTier:
        """`ok`, `warning` or `error` for a prompt of `used` tokens (the header and the body together)."""
        if used >= self.error:
            return "error"
        if used >= self.warning:
            return "warning"
        return "ok"


def thresholds_for(window: int | None, max_output: int | None = None) -> Thresholds:
    """The budgets for a context window of `window` tokens (ASSUMED_CONTEXT_WINDOW when unknown), keeping
    room for an answer of ANSWER_RESERVE_TOKENS, or of `max_output` when the model's output limit is smaller.

    The reserves never take more than half of a small window, so a small local model still gets a usable
    share; every budget is at least one token."""
    size = max(MIN_CONTEXT_WINDOW, window or ASSUMED_CONTEXT_WINDOW)
    answer = min(ANSWER_RESERVE_TOKENS, max_output) if max_output else ANSWER_RESERVE_TOKENS
    fixed = estimate_tokens("x" * (HEADER_CEILING_CHARS + INSTRUCTIONS_CEILING_CHARS)) + answer
    fixed += estimate_tokens("x" * FILE_READ_CUT_CHARS)
    reserve = min(fixed, size // 2)
    usable = size - reserve
    return Thresholds(
        window=size,
        usable=usable,
        warning=reserve + _share(usable, WARNING_SHARE),
        error=reserve + _share(usable, ERROR_SHARE),
        auto_compact=_share(usable, AUTO_COMPACT_SHARE),
        snip_target=_share(usable, SNIP_SHARE),
        target=_share(usable, TARGET_SHARE),
        transcript=_share(usable, TRANSCRIPT_SHARE),
        summary=max(MIN_SUMMARY_TOKENS, min(MAX_SUMMARY_TOKENS, _share(usable, SUMMARY_SHARE))),
        restore=_share(usable, RESTORE_SHARE),
        restore_file=min(estimate_tokens("x" * FILE_READ_CUT_CHARS), _share(usable, RESTORE_SHARE)),
        window_known=bool(window),
    )


def _share(total: int, share: float) -> int:
    return max(1, int(total * share))


@dataclass(frozen=True)
class Gauge:
    """How full the window is: the prompt's estimated tokens against the window, its tier, the session's cost."""

    used: int
    window: int
    tier: PressureTier
    cost: str = "unknown"
    window_known: bool = True
    """False: `window` is only the budgets' assumption, and the line says the window is unknown."""

    @property
    def percent(self) -> int:
        return min(100, round(100 * self.used / self.window)) if self.window else 100

    def share(self) -> str:
        """`12,345 of 128,000 tokens (10%)`, or `12,345 tokens of an unknown window`."""
        if not self.window_known:
            return f"{self.used:,} tokens of an unknown window"
        return f"{self.used:,} of {self.window:,} tokens ({self.percent}%)"

    def line(self) -> str:
        """`12,345 of 128,000 tokens (10%), tier ok, session cost $0.0123`."""
        return f"{self.share()}, tier {self.tier}, session cost {self.cost}"


def gauge_for(used: int, thresholds: Thresholds, cost: str = "unknown") -> Gauge:
    return Gauge(used, thresholds.window, thresholds.tier(used), cost, thresholds.window_known)
