"""The model's context window, and where it comes from: the `model.contextWindow` setting, else what the
model's own information says (litellm's model table, through the chat model), else the default.

The gauge, its pressure tiers and the compaction thresholds (domain/compaction_thresholds.py) are all
derived from it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from orkeon_engine.domain.compaction_thresholds import DEFAULT_CONTEXT_WINDOW, Thresholds, thresholds_for
from orkeon_engine.services.config_store import ConfigStore

WindowLookup = Callable[[], Awaitable[int | None]]
"""Asks the model's own information for its window; None when it does not know (never raises)."""


@dataclass(frozen=True)
class WindowChoice:
    """The window in tokens, and its source in words."""

    tokens: int
    source: str

    @property
    def thresholds(self) -> Thresholds:
        return thresholds_for(self.tokens)


async def resolve_context_window(config: ConfigStore, lookup: WindowLookup | None = None) -> WindowChoice:
    """The window to measure against; an unreadable answer from the model's information counts as unknown."""
    found = await config.read_value("model.contextWindow")
    if found.is_set and isinstance(found.value, int):
        return WindowChoice(found.value, f"model.contextWindow ({found.source})")
    if lookup is not None:
        try:
            known = await lookup()
        except Exception:  # the model's table is best effort: an unknown model, a library hiccup
            known = None
        if isinstance(known, int) and known > 0:
            return WindowChoice(known, "the model's information")
    return WindowChoice(DEFAULT_CONTEXT_WINDOW, "the default (set model.contextWindow to change it)")
