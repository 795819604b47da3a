"""BatchAuditor: the audit of a delivered batch (the dev-verify step), as /dev-batches' loop sees it: one
verdict, VALID, GAPS or BLOCKED, with its rows. The loop relaunches a batch on GAPS (its Blocking and Major
rows as the correction) and closes it on VALID; the audit itself is services/dev_audit.py's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

AuditVerdictName = Literal["VALID", "GAPS", "BLOCKED"]
RowSeverity = Literal["Blocking", "Major", "Minor"]


@dataclass(frozen=True)
class AuditRow:
    """One row of a verdict: how grave, what it cites (`path:line` or a capture file), what it says."""

    severity: RowSeverity
    cites: str
    text: str


@dataclass(frozen=True)
class AuditVerdict:
    verdict: AuditVerdictName
    rows: tuple[AuditRow, ...] = ()
    file: str = ""
    """Where the verdict was written (`verdicts/F<n>.md` under the work's folder), when it was."""
    reason: str = ""
    """Why the audit could not judge (BLOCKED)."""

    @property
    def correction(self) -> tuple[AuditRow, ...]:
        """The rows a relaunch must settle: the Blocking and Major ones."""
        return tuple(row for row in self.rows if row.severity in ("Blocking", "Major"))


@dataclass(frozen=True)
class AuditRequest:
    """The batch to audit: the work's code, the batch's id, its working root (the workspace, or its worktree),
    and the test files its cycles ran."""

    code: str
    batch: str
    root: str
    tests: tuple[str, ...] = ()


class BatchAuditor(Protocol):
    """Failure contract: never raises for an audit that cannot judge: that is a BLOCKED verdict with its reason."""

    async def audit(self, request: AuditRequest) -> AuditVerdict: ...
