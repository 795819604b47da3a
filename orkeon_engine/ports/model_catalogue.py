"""ModelCatalogue: the models a provider offers, as litellm knows them, and the ones an OpenAI-compatible
server serves (its /v1/models)."""

from __future__ import annotations

from typing import Protocol


class ModelListError(Exception):
    """A server's model list could not be read: the message names the URL and the reason (refused, timed
    out, an HTTP status, not the expected JSON). It never holds a key."""


class ModelCatalogue(Protocol):
    """Failure contract: `known_models` and `is_known` never raise (a provider litellm does not know has no model);
    `served_models` raises ModelListError only. Neither writes anything; a key handed to `served_models`
    is sent as a bearer token and appears in no message."""

    async def known_models(self, provider: str) -> list[str]:
        """The chat models litellm lists for the provider, sorted, each as the `model` setting takes it."""
        ...

    async def is_known(self, model: str) -> bool:
        """Whether litellm's model table knows `model` (as the `model` setting names it). Never raises."""
        ...

    async def served_models(self, api_base: str, api_key: str | None = None) -> list[str]:
        """The model ids the server at `api_base` answers with on `<api_base>/models`."""
        ...
