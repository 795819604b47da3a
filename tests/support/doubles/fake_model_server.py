"""FakeModelServer: the ModelServer port over plain fields: the `facts` each (api base, model) answers with
(unknown otherwise), and every question asked, with its key."""

from __future__ import annotations

from orkeon_engine.domain.model.model_facts import UNKNOWN, ModelFacts


class FakeModelServer:
    def __init__(self, facts: dict[tuple[str, str], ModelFacts] | None = None) -> None:
        self.facts_by: dict[tuple[str, str], ModelFacts] = dict(facts or {})
        self.asked: list[tuple[str, str, str | None]] = []

    async def facts(self, api_base: str, model: str, api_key: str | None = None) -> ModelFacts:
        self.asked.append((api_base, model, api_key))
        return self.facts_by.get((api_base, model), UNKNOWN)
