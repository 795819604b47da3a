"""ModelServer: what the server a model is served from says of it (its context window, its output limit),
for a local or team server reached at the configured api base (llama.cpp, vLLM, Ollama)."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.model.model_facts import ModelFacts


class ModelServer(Protocol):
    """Failure contract: `facts` never raises and writes nothing; a server that does not answer, answers an
    error, or answers something unreadable gives unknown facts. It asks only the api base's own origin, follows
    no redirect, and sends `api_key` (when given) as a bearer token there and nowhere else; the key appears in
    no fact and no message."""

    async def facts(self, api_base: str, model: str, api_key: str | None = None) -> ModelFacts:
        """The model's window and output limit as the server at `api_base` reports them (`model` as the
        `model` setting names it, its provider prefix included)."""
        ...
