"""How long one answer of the model may be: the max_tokens every model call carries, and what it says
when an answer was cut there.

The limit of a call is the smallest of:

- the model's output limit from its facts (the server's, `model.maxOutputTokens`, litellm's table:
  services/context_window.py), else DEFAULT_ANSWER_TOKENS when nothing says it (a small local model left
  unbounded can write until its whole window is full, which takes minutes on a laptop);
- what the caller asks (the assistant's `model.maxOutputTokens`, a structured extract's cap:
  EXTRACT_ANSWER_TOKENS unless its crew says less);
- the context left: the window less the prompt's estimated tokens (about four characters a token) and a
  margin for the estimate's error; never below MIN_ANSWER_TOKENS.

An answer the provider stopped at the limit (finish_reason `length`) is never taken as whole: `cut_text`
says what happened and which bound it was, so the person knows what to change.
"""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.context.compaction_thresholds import estimate_tokens

DEFAULT_ANSWER_TOKENS = 4_096
"""The output limit when neither the server, nor the settings, nor litellm's table says one."""
EXTRACT_ANSWER_TOKENS = 2_048
"""The most a structured extract's JSON answer may take unless its crew asks for less."""
MIN_ANSWER_TOKENS = 256
"""The least an answer is given, even when the estimate says the window is nearly full (the estimate is
rough: the server itself says when the prompt does not fit)."""
CONTEXT_MARGIN_SHARE = 0.05
"""The share of the window kept free beside the prompt's estimate, for the estimate's error."""
CUT_FINISH = "length"

OUTPUT_KEY = "model.maxOutputTokens"


@dataclass(frozen=True)
class AnswerLimit:
    """The max_tokens of one call and, in a few words, the bound that set it (`model.maxOutputTokens`)."""

    tokens: int
    source: str


def answer_limit(prompt_chars: int, window: int | None = None, max_output: int | None = None,
                 output_source: str = "", requested: int | None = None, requested_source: str = "") -> AnswerLimit:
    """The limit of one call whose prompt (messages, tool specs, schema) is `prompt_chars` characters long
    (the module's rule). `output_source` names where `max_output` came from; `requested_source` names the
    caller's bound (`the most a LensAnswer may take`)."""
    if max_output:
        limit = AnswerLimit(max_output, _output_name(output_source))
    else:
        limit = AnswerLimit(DEFAULT_ANSWER_TOKENS, f"{OUTPUT_KEY} unset and the server names no limit, so the "
                                                   f"default of {DEFAULT_ANSWER_TOKENS:,}")
    if requested is not None and 0 < requested < limit.tokens:
        limit = AnswerLimit(requested, requested_source or "the call's own limit")
    if window:
        prompt = estimate_tokens("x" * max(0, prompt_chars))
        left = window - prompt - int(window * CONTEXT_MARGIN_SHARE)
        if left < limit.tokens:
            room = max(MIN_ANSWER_TOKENS, left)
            limit = AnswerLimit(room, f"the context left: a window of {window:,} tokens less a prompt of about "
                                      f"{prompt:,}")
    return limit


def _output_name(source: str) -> str:
    """`model.maxOutputTokens` for the setting (whatever file it came from), else the source as said."""
    return OUTPUT_KEY if source.startswith(OUTPUT_KEY) or not source else f"the model's output limit, from {source}"


def cut_text(model: str, limit: AnswerLimit) -> str:
    """The sentence for an answer the provider stopped at the limit."""
    return (f"{model}: the model's answer was cut at {limit.tokens:,} tokens ({limit.source}), before it was "
            "complete")


def was_cut(finish_reason: str) -> bool:
    return finish_reason == CUT_FINISH
