"""FakeModelCatalogue: the ModelCatalogue port over plain fields: `known` models by provider, `served`
models by api base (or `serve_error` to fail), and the keys each served call was given."""

from __future__ import annotations

from orkeon_engine.ports.model_catalogue import ModelListError


class FakeModelCatalogue:
    def __init__(self) -> None:
        self.known: dict[str, list[str]] = {}
        self.served: dict[str, list[str]] = {}
        self.serve_error: str | None = None
        self.keys_sent: list[str | None] = []

    async def known_models(self, provider: str) -> list[str]:
        return sorted(self.known.get(provider, []))

    async def is_known(self, model: str) -> bool:
        return any(model in models for models in self.known.values())

    async def served_models(self, api_base: str, api_key: str | None = None) -> list[str]:
        self.keys_sent.append(api_key)
        if self.serve_error is not None:
            raise ModelListError(f"{api_base.rstrip('/')}/models: {self.serve_error}")
        return sorted(self.served.get(api_base, []))
