"""FakeLocalModelServer: the LocalModelServer port over plain fields: the record it reports, an error the next
start raises; `started` records each api_base asked (model, binary, alias, idle minutes)."""

from __future__ import annotations

from orkeon_engine.domain.model.local_model import LocalModelError, ServerRecord
from orkeon_engine.ports.local_model import LocalServerStatus


class FakeLocalModelServer:
    def __init__(self, record: ServerRecord | None = None, alive: bool = True) -> None:
        self.record = record
        self.alive = alive
        self.idle_seconds: float | None = 30.0
        self.error: LocalModelError | None = None
        self.started: list[tuple[str, str, str, float]] = []
        self.stops = 0

    async def api_base(self, model_path: str, binary: str, alias: str, idle_minutes: float) -> str:
        self.started.append((model_path, binary, alias, idle_minutes))
        if self.error is not None:
            raise self.error
        if self.record is None or self.record.model != model_path:
            self.record = ServerRecord(4242, 8931, model_path, "ready", log="/cache/server/server.log")
        self.alive = True
        return self.record.api_base

    async def status(self) -> LocalServerStatus:
        return LocalServerStatus(self.record, self.record is not None and self.alive, self.idle_seconds, "/cache")

    async def stop(self) -> bool:
        self.stops += 1
        running = self.record is not None and self.alive
        self.record = None
        return running
