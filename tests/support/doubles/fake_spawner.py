"""FakeSpawner: the Spawner spawn_agent calls (tools/spawn_agent.py), answering `answer` (or raising `error`);
`requests` records what the model asked for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from orkeon_engine.domain.agents.children import SpawnRequest
from orkeon_engine.tools.base import Tool


class FakeSpawner:
    def __init__(self, answer: str = "c1 general done (0 tokens, $0)\n\nthe report") -> None:
        self.answer = answer
        self.error: Exception | None = None
        self.requests: list[SpawnRequest] = []
        self.inherited: list[tuple[str, ...]] = []

    async def spawn_for_model(self, request: SpawnRequest, inherited: Sequence[Tool[Any]] = ()) -> str:
        self.requests.append(request)
        self.inherited.append(tuple(tool.name for tool in inherited))
        if self.error is not None:
            raise self.error
        return self.answer
