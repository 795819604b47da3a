"""FakeBatchAuditor: the BatchAuditor port answering the verdicts it is given, in order (VALID once they run
out), and keeping each request."""

from __future__ import annotations

from orkeon_engine.ports.batch_audit import AuditRequest, AuditVerdict


class FakeBatchAuditor:
    def __init__(self, verdicts: list[AuditVerdict] | None = None) -> None:
        self.verdicts: list[AuditVerdict] = list(verdicts or [])
        self.requests: list[AuditRequest] = []

    async def audit(self, request: AuditRequest) -> AuditVerdict:
        self.requests.append(request)
        return self.verdicts.pop(0) if self.verdicts else AuditVerdict("VALID")
