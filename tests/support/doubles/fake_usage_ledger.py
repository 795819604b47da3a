"""FakeUsageLedger: the UsageLedger port over a list of records; set `fail_writes` to make record fail."""

from __future__ import annotations

from orkeon_engine.domain.model.usage import UsageRecord, UsageSummary, summarise


class FakeUsageLedger:
    def __init__(self) -> None:
        self.records: list[UsageRecord] = []
        self.fail_writes: OSError | None = None

    async def record(self, entry: UsageRecord) -> None:
        if self.fail_writes is not None:
            raise self.fail_writes
        self.records.append(entry)

    async def summary(self, session_id: str) -> UsageSummary:
        return summarise(r for r in self.records if r.session_id == session_id)
