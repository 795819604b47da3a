"""What a model server says of the model it serves: its context window and its output limit, read from the
answers of llama.cpp (`/props`, `/v1/models`), vLLM (`/v1/models`) and Ollama (`/api/show`).

The answers are outside input (a server can send anything): every reader takes any JSON value, keeps only
whole numbers in a plausible range, and answers "unknown" for the rest; none raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

MIN_FACT_TOKENS = 256
MAX_FACT_TOKENS = 100_000_000
"""A window or limit outside this range is a server's nonsense, not a fact."""


@dataclass(frozen=True)
class ModelFacts:
    """The window and the output limit in tokens (None: unknown), each with its source in words."""

    window: int | None = None
    window_source: str = ""
    max_output: int | None = None
    output_source: str = ""

    def merged(self, other: ModelFacts) -> ModelFacts:
        """These facts, each unknown one taken from `other`."""
        window, window_source = ((self.window, self.window_source) if self.window is not None
                                 else (other.window, other.window_source))
        output, output_source = ((self.max_output, self.output_source) if self.max_output is not None
                                 else (other.max_output, other.output_source))
        return ModelFacts(window, window_source, output, output_source)

    @property
    def complete(self) -> bool:
        return self.window is not None and self.max_output is not None


UNKNOWN = ModelFacts()


def tokens_fact(value: Any) -> int | None:
    """A count of tokens as a server gives it, or None (a bool, a string, a float with a fraction, <= 0)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and MIN_FACT_TOKENS <= value <= MAX_FACT_TOKENS:
        return value
    return None


def served_name(model: str) -> str:
    """The name the server knows the model by: litellm's name without its provider prefix."""
    return model.split("/", 1)[1] if "/" in model else model


def facts_from_llama_props(answer: Any) -> ModelFacts:
    """llama.cpp's `GET /props`: `default_generation_settings.n_ctx` (recent) or `n_ctx`; the output limit
    from `n_predict` (-1, unlimited, is unknown here)."""
    if not isinstance(answer, dict):
        return UNKNOWN
    settings = answer.get("default_generation_settings")
    settings = settings if isinstance(settings, dict) else {}
    params = settings.get("params")
    params = params if isinstance(params, dict) else {}
    window = tokens_fact(settings.get("n_ctx"))
    where = "default_generation_settings.n_ctx"
    if window is None:
        window, where = tokens_fact(answer.get("n_ctx")), "n_ctx"
    output = tokens_fact(params.get("n_predict")) or tokens_fact(settings.get("n_predict"))
    return ModelFacts(window, f"the server's /props ({where})" if window else "",
                      output, "the server's /props (n_predict)" if output else "")


def facts_from_models_list(answer: Any, model: str) -> ModelFacts:
    """`GET /v1/models`: vLLM's `max_model_len`, else llama.cpp's `meta.n_ctx` (the window it runs with, in
    recent versions), else `meta.n_ctx_train` (the context the model was trained for, which the server may
    run below), of the entry named like the model, or of the only one."""
    data = answer.get("data") if isinstance(answer, dict) else None
    entries = [entry for entry in data if isinstance(entry, dict)] if isinstance(data, list) else []
    name = served_name(model)
    entry = next((e for e in entries if e.get("id") in (name, model)), entries[0] if len(entries) == 1 else None)
    if entry is None:
        return UNKNOWN
    window = tokens_fact(entry.get("max_model_len"))
    if window is not None:
        return ModelFacts(window, "the server's /v1/models (max_model_len)")
    meta = entry.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    for field in ("n_ctx", "n_ctx_train"):
        window = tokens_fact(meta.get(field))
        if window is not None:
            return ModelFacts(window, f"the server's /v1/models (meta.{field})")
    return UNKNOWN


_PARAMETER = re.compile(r"^\s*(num_ctx|num_predict)\s+(-?\d{1,12})\s*$", re.MULTILINE)


def facts_from_ollama_show(answer: Any) -> ModelFacts:
    """Ollama's `POST /api/show`: `num_ctx` of its `parameters` (the window it runs with) else
    `model_info["<arch>.context_length"]`; the output limit from `num_predict`."""
    if not isinstance(answer, dict):
        return UNKNOWN
    parameters = answer.get("parameters")
    found = dict(_PARAMETER.findall(parameters)) if isinstance(parameters, str) else {}
    window = tokens_fact(int(found["num_ctx"])) if "num_ctx" in found else None
    window_source = "the server's /api/show (parameters num_ctx)" if window else ""
    if window is None:
        info = answer.get("model_info")
        info = info if isinstance(info, dict) else {}
        arch = info.get("general.architecture")
        key = f"{arch}.context_length" if isinstance(arch, str) else ""
        window = tokens_fact(info.get(key)) if key else None
        window_source = f"the server's /api/show (model_info {key})" if window else ""
    output = tokens_fact(int(found["num_predict"])) if "num_predict" in found else None
    output_source = "the server's /api/show (parameters num_predict)" if output else ""
    return ModelFacts(window, window_source, output, output_source)
