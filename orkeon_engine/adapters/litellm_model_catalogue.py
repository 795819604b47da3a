"""The ModelCatalogue over litellm's model table and an OpenAI-compatible server's /v1/models.

litellm is imported on the first `known_models` or `is_known` call only (its import takes seconds), offline
and quiet (adapters/litellm_loader.py). The server's list is one GET with the standard library, off the
event loop, bounded by `timeout`.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from orkeon_engine.adapters.litellm_loader import load_litellm
from orkeon_engine.domain.model.providers import qualified_model
from orkeon_engine.ports.model_catalogue import ModelListError


class LitellmModelCatalogue:
    def __init__(self, timeout: float = 5.0) -> None:
        self.timeout = timeout

    async def known_models(self, provider: str) -> list[str]:
        return await asyncio.to_thread(_known_models, provider)

    async def is_known(self, model: str) -> bool:
        return await asyncio.to_thread(_is_known, model)

    async def served_models(self, api_base: str, api_key: str | None = None) -> list[str]:
        return await asyncio.to_thread(self._served_models, api_base, api_key)

    def _served_models(self, api_base: str, api_key: str | None) -> list[str]:
        import urllib.error  # here, not at start-up: urllib.request pulls in http.client and email
        import urllib.request

        url = api_base.rstrip("/") + "/models"
        request = urllib.request.Request(url, headers={"Accept": "application/json"})
        if api_key:
            request.add_header("Authorization", f"Bearer {api_key}")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                body = response.read()
        except urllib.error.HTTPError as error:
            raise ModelListError(f"{url}: HTTP {error.code} {error.reason}") from None
        except (urllib.error.URLError, OSError, ValueError) as error:
            reason = getattr(error, "reason", error)
            raise ModelListError(f"{url}: {reason}") from None
        return _model_ids(url, body)


def _known_models(provider: str) -> list[str]:
    litellm = load_litellm()
    table: dict[str, Any] = litellm.model_cost
    names = litellm.models_by_provider.get(provider, ())
    chat = {qualified_model(provider, name) for name in names
            if isinstance(table.get(name), dict) and table[name].get("mode") == "chat"}
    return sorted(chat)


def _is_known(model: str) -> bool:
    litellm = load_litellm()
    try:
        info = litellm.get_model_info(model)
    except Exception:  # litellm raises for a model its table does not map (its error types vary by version)
        return False
    return isinstance(info, dict)


def _model_ids(url: str, body: bytes) -> list[str]:
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise ModelListError(f"{url}: the answer is not JSON a model list could be read from") from None
    items = data.get("data") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ModelListError(f"{url}: expected {{\"data\": [{{\"id\": ...}}]}}")
    return sorted({str(item["id"]) for item in items if isinstance(item, dict) and item.get("id")})
