"""The model's context window and output limit, and where each comes from.

The sources, as `lookup` gathers them: what the model's server says (llama.cpp's `/props`, the
`/v1/models` metadata of llama.cpp and vLLM, Ollama's `/api/show`: adapters/http_model_server.py), then
litellm's model table; and the `model.contextWindow` / `model.maxOutputTokens` settings. The rule, for
each of the two figures:

- the server and the setting both known: the smaller (the server cannot take more than it runs with, and a
  person who sets a smaller window, to save memory or money, has it honoured);
- else the server's figure; else the setting (a person's setting wins over litellm's table, a guess from
  the model's name); else litellm's table;
- else unknown, and it is shown as unknown. The budgets then assume ASSUMED_CONTEXT_WINDOW
  (domain/context/compaction_thresholds.py) without calling it the window.

The gauge, its pressure tiers and the compaction thresholds are all derived from the choice.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from orkeon_engine.domain.context.compaction_thresholds import ASSUMED_CONTEXT_WINDOW, Thresholds, thresholds_for
from orkeon_engine.domain.model.model_facts import UNKNOWN, ModelFacts
from orkeon_engine.domain.model.providers import key_variable
from orkeon_engine.domain.settings.setting_choices import LOCAL_API_BASE
from orkeon_engine.ports.model_server import ModelServer
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.model_settings import resolve_model

UNKNOWN_WINDOW = (f"unknown (neither the model's server nor litellm's table says; the budgets assume "
                  f"{ASSUMED_CONTEXT_WINDOW:,} tokens: set model.contextWindow)")
UNKNOWN_OUTPUT = "unknown (set model.maxOutputTokens)"


@dataclass(frozen=True)
class ModelInformation:
    """What the model's own information says: its server, and litellm's table."""

    server: ModelFacts = UNKNOWN
    table: ModelFacts = UNKNOWN


WindowLookup = Callable[[], Awaitable[ModelInformation]]
"""Asks the model's server and litellm's table; unknown facts when they do not know (it should not raise)."""

TableLookup = Callable[[str], Awaitable[ModelFacts]]
"""litellm's table for a model: adapters/litellm_model_info.py."""


async def model_information(config: ConfigStore, env: Mapping[str, str], server: ModelServer,
                            table: TableLookup) -> ModelInformation:
    """What the configured model's server says (asked only when an api base is configured, with the
    provider's key from its usual variable, as litellm sends it there), and litellm's table for what the
    server left unknown."""
    choice = await resolve_model(config, env)
    if not choice.model:
        return ModelInformation()
    served = UNKNOWN
    if choice.api_base == LOCAL_API_BASE:  # the local model's rules load when it is the model, not at start
        from orkeon_engine.domain.model.local_model import LOCAL_FACTS

        served = LOCAL_FACTS
    elif choice.api_base:
        key_name = key_variable(choice.provider, env)
        served = await server.facts(choice.api_base, choice.model, env.get(key_name) if key_name else None)
    listed = UNKNOWN if served.complete else await table(choice.model)
    return ModelInformation(served, listed)


@dataclass(frozen=True)
class WindowChoice:
    """The window and the output limit in tokens (None: unknown), and the source of each in words."""

    window: int | None
    source: str
    max_output: int | None = None
    output_source: str = ""

    @property
    def tokens(self) -> int:
        """The window the budgets are computed on: the window, or the assumption when it is unknown."""
        return self.window or ASSUMED_CONTEXT_WINDOW

    @property
    def thresholds(self) -> Thresholds:
        return thresholds_for(self.window, self.max_output)

    def window_text(self) -> str:
        """`16,384 tokens, from the server's /props (n_ctx)`, or the unknown sentence."""
        return f"{self.window:,} tokens, from {self.source}" if self.window else UNKNOWN_WINDOW

    def output_text(self) -> str:
        return f"up to {self.max_output:,} tokens an answer, from {self.output_source}" if self.max_output \
            else UNKNOWN_OUTPUT


async def resolve_context_window(config: ConfigStore, lookup: WindowLookup | None = None) -> WindowChoice:
    """The window and the output limit to measure against (the module's rule); a lookup that raises counts
    as one that knows nothing."""
    known = ModelInformation()
    if lookup is not None:
        try:
            known = await lookup()
        except Exception:  # the model's information is best effort: a server's or a library's hiccup
            known = ModelInformation()
    window, source = await _choose(config, "model.contextWindow", known.server.window, known.server.window_source,
                                   known.table.window, known.table.window_source)
    output, output_source = await _choose(config, "model.maxOutputTokens", known.server.max_output,
                                          known.server.output_source, known.table.max_output,
                                          known.table.output_source)
    return WindowChoice(window, source, output, output_source)


async def _choose(config: ConfigStore, key: str, server: int | None, server_source: str, table: int | None,
                  table_source: str) -> tuple[int | None, str]:
    found = await config.read_value(key)
    setting = found.value if found.is_set and isinstance(found.value, int) and found.value > 0 else None
    setting_source = f"{key} ({found.source})"
    if setting is not None and server is not None:
        if setting < server:
            return setting, f"{setting_source}, below the {server:,} of {server_source}"
        return server, server_source + (f", below {setting_source}'s {setting:,}" if server < setting else "")
    if server is not None:
        return server, server_source
    if setting is not None:
        return setting, setting_source
    if table is not None:
        return table, table_source
    return None, ""
