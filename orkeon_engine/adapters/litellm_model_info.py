"""The model's context window from litellm's model table (its local copy: no network), for the gauge and
the compaction thresholds. litellm is imported on the first question, off the event loop, like every other
use of it."""

from __future__ import annotations

import asyncio

from orkeon_engine.adapters.litellm_loader import load_litellm, loaded_litellm


async def litellm_context_window(model: str) -> int | None:
    """The model's input window in tokens, or None when litellm does not know the model (never raises)."""
    try:
        litellm = loaded_litellm() or await asyncio.to_thread(load_litellm)
        info = await asyncio.to_thread(litellm.get_model_info, model)
    except Exception:  # an unmapped model (ModelNotMappedError), or any surprise of the table: unknown
        return None
    window = info.get("max_input_tokens") or info.get("max_tokens") if isinstance(info, dict) else None
    return window if isinstance(window, int) and window > 0 else None
