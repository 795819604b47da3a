"""UsageLedger: every model call's usage, kept with the session, summed by model and by command."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.model.usage import UsageRecord, UsageSummary


class UsageLedger(Protocol):
    """The session's usage and cost.

    Failure contract: `record` is one transaction; a write that cannot be made raises OSError (or a
    subclass) naming the store, and the caller logs it and goes on: a model call already made is never
    failed for its bookkeeping. `summary` of a session with no call is all zeros, never an error."""

    async def record(self, entry: UsageRecord) -> None: ...

    async def summary(self, session_id: str) -> UsageSummary: ...
