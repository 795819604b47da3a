"""FakeChildStore: the ChildStore port in memory; `records` and `messages` are plain fields to read, and
`error` (when set) is raised as an OSError by every write."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime

from orkeon_engine.domain.agents.children import ChildDraft, ChildRecord, ChildState
from orkeon_engine.domain.model.chat import ChatMessage, Usage


class FakeChildStore:
    def __init__(self, owner: str = "1:fake") -> None:
        self.owner = owner
        self.records: dict[int, ChildRecord] = {}
        self.messages: dict[int, list[ChatMessage]] = {}
        self.error: OSError | None = None

    def _check(self) -> None:
        if self.error is not None:
            raise self.error

    async def create(self, draft: ChildDraft) -> ChildRecord:
        self._check()
        child_id = max(self.records, default=0) + 1
        record = ChildRecord(**vars(draft), id=child_id, state="running", owner=self.owner)
        self.records[child_id] = record
        return record

    async def add_messages(self, child_id: int, messages: Sequence[ChatMessage]) -> None:
        self._check()
        self.messages.setdefault(child_id, []).extend(messages)

    async def add_usage(self, child_id: int, usage: Usage) -> None:
        self._check()
        record = self.records[child_id]
        self.records[child_id] = dataclasses.replace(record, usage=record.usage + usage)

    async def finish(self, child_id: int, state: ChildState, report: str, detail: str,
                     ended: datetime) -> ChildRecord | None:
        self._check()
        record = self.records.get(child_id)
        if record is not None and record.running:
            record = dataclasses.replace(record, state=state, report=report, detail=detail, ended=ended)
            self.records[child_id] = record
        return record

    async def get(self, child_id: int) -> ChildRecord | None:
        return self.records.get(child_id)

    async def recent(self, session_id: str | None = None, parent: str | None = None,
                     limit: int = 50) -> list[ChildRecord]:
        chosen = [r for r in self.records.values()
                  if (session_id is None or r.session_id == session_id) and (parent is None or r.parent == parent)]
        return chosen[-limit:]

    async def transcript(self, child_id: int) -> list[ChatMessage]:
        return list(self.messages.get(child_id, []))
