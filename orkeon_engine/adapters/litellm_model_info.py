"""The model's context window and output limit from litellm's model table, for the gauge and the
compaction thresholds when the model's server says nothing.

The table is litellm's local copy (the engine always loads litellm with LITELLM_LOCAL_MODEL_COST_MAP, so
it is the very table litellm prices with): `litellm.model_cost` once litellm is loaded, else the JSON file
litellm ships, read without importing litellm (a few tens of milliseconds, against seconds for the import),
so a quick command such as /status gives the same figures as a turn.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
from pathlib import Path
from typing import Any

from orkeon_engine.adapters.litellm_loader import loaded_litellm
from orkeon_engine.domain.model.model_facts import UNKNOWN, ModelFacts, tokens_fact

SOURCE = "litellm's model table"
TABLE_FILE = "model_prices_and_context_window_backup.json"

_table: dict[str, Any] | None = None


async def litellm_model_facts(model: str) -> ModelFacts:
    """The model's input window and output limit, unknown where the table does not know them (never raises)."""
    try:
        table = await asyncio.to_thread(_model_table)
    except Exception:  # no litellm, an unreadable file: the table knows nothing
        return UNKNOWN
    return facts_in_table(table, model)


def facts_in_table(table: dict[str, Any], model: str) -> ModelFacts:
    """The entry of `model` (as the `model` setting names it): under its full name, else under the name
    without its provider prefix when that entry is of the same provider."""
    info = table.get(model)
    if not isinstance(info, dict) and "/" in model:
        provider, name = model.split("/", 1)
        found = table.get(name)
        info = found if isinstance(found, dict) and found.get("litellm_provider") == provider else None
    if not isinstance(info, dict):
        return UNKNOWN
    window, field = tokens_fact(info.get("max_input_tokens")), "max_input_tokens"
    if window is None:
        window, field = tokens_fact(info.get("max_tokens")), "max_tokens"
    output = tokens_fact(info.get("max_output_tokens"))
    return ModelFacts(window, f"{SOURCE} ({field})" if window else "",
                      output, f"{SOURCE} (max_output_tokens)" if output else "")


def _model_table() -> dict[str, Any]:
    litellm = loaded_litellm()
    if litellm is not None and isinstance(getattr(litellm, "model_cost", None), dict):
        table: dict[str, Any] = litellm.model_cost
        return table
    global _table
    if _table is None:
        spec = importlib.util.find_spec("litellm")  # finds the package without running it
        if spec is None or spec.origin is None:
            return {}
        loaded = json.loads((Path(spec.origin).parent / TABLE_FILE).read_text(encoding="utf-8"))
        _table = loaded if isinstance(loaded, dict) else {}
    return _table
