"""HttpModelServer: the ModelServer port over httpx, asking the model's server what it runs the model with.

In order, until the window is known: llama.cpp's `GET /props`, then `GET /v1/models` (vLLM's
`max_model_len`, llama.cpp's `meta.n_ctx_train`), then Ollama's `POST /api/show`. Every request goes to
the api base's own origin (scheme, host and port), with a short timeout, following no redirect, so the key
(sent as a bearer token, as litellm sends it to the same server) never reaches another host. A server that
times out is asked nothing more. The answers are cached per (api base, model) for the life of the process;
an answer that told nothing is asked again after a while (the server may have been started since). httpx
loads on the first question, never at start-up.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from orkeon_engine.domain.model.model_facts import (
    UNKNOWN,
    ModelFacts,
    facts_from_llama_props,
    facts_from_models_list,
    facts_from_ollama_show,
    served_name,
)

TIMEOUT_SECONDS = 2.0
MAX_ANSWER_BYTES = 2 * 1024 * 1024
"""A larger answer is not read (a server's facts fit in far less)."""
RETRY_UNKNOWN_SECONDS = 30.0


class _NoAnswer(Exception):
    """The server did not answer in time: ask it nothing more this time."""


class HttpModelServer:
    def __init__(self, timeout: float = TIMEOUT_SECONDS, user_agent: str = "Orkeon",
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        self._timeout = timeout
        self._user_agent = user_agent
        self._monotonic = monotonic
        self._known: dict[tuple[str, str], ModelFacts] = {}
        self._unknown_since: dict[tuple[str, str], float] = {}

    async def facts(self, api_base: str, model: str, api_key: str | None = None) -> ModelFacts:
        key = (api_base, model)
        if key in self._known:
            return self._known[key]
        since = self._unknown_since.get(key)
        if since is not None and self._monotonic() - since < RETRY_UNKNOWN_SECONDS:
            return UNKNOWN
        try:
            found = await self._ask(api_base, model, api_key)
        except Exception:  # best effort by contract: a surprise of the library is unknown facts
            found = UNKNOWN
        if found.window is None:
            self._unknown_since[key] = self._monotonic()
        else:
            self._known[key] = found
        return found

    async def _ask(self, api_base: str, model: str, api_key: str | None) -> ModelFacts:
        parts = urlsplit(api_base.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return UNKNOWN
        origin = f"{parts.scheme}://{parts.netloc}"
        path = parts.path.rstrip("/")
        models_url = f"{origin}{path}/models" if path.endswith("/v1") else f"{origin}/v1/models"
        import httpx

        headers = {"Accept": "application/json", "User-Agent": self._user_agent}
        if api_key:
            headers["Authorization"] = f"Bearer {api_key}"
        name = served_name(model)
        found = UNKNOWN
        async with httpx.AsyncClient(follow_redirects=False, timeout=self._timeout, headers=headers,
                                     trust_env=False) as client:
            try:
                for method, url, body, read in (
                    ("GET", f"{origin}/props", None, facts_from_llama_props),
                    ("GET", models_url, None, lambda answer: facts_from_models_list(answer, model)),
                    ("POST", f"{origin}/api/show", {"model": name, "name": name}, facts_from_ollama_show),
                ):
                    answer = await _json(client, method, url, body)
                    found = found.merged(read(answer) if answer is not None else UNKNOWN)
                    if found.window is not None:
                        break
            except _NoAnswer:
                pass
        return found


async def _json(client: Any, method: str, url: str, body: dict[str, str] | None) -> Any:
    """The JSON of a 200 answer, or None (another status, not JSON, too large, refused)."""
    import httpx

    try:
        async with client.stream(method, url, json=body) as answer:
            if answer.status_code != 200:
                return None
            data = bytearray()
            async for chunk in answer.aiter_bytes():
                data += chunk
                if len(data) > MAX_ANSWER_BYTES:
                    return None
    except httpx.TimeoutException:
        raise _NoAnswer() from None
    except httpx.HTTPError:
        return None
    try:
        return json.loads(bytes(data))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
