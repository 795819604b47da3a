"""ChecksAuditor: the BatchAuditor by code alone, run where no model audit is wired: the build and the whole
suite through the project's checks; both passing is VALID, a failing one is a GAPS row (Blocking) citing its
command, a check that cannot run is BLOCKED with its reason."""

from __future__ import annotations

from orkeon_engine.ports.batch_audit import AuditRequest, AuditRow, AuditVerdict
from orkeon_engine.ports.project_checks import ProjectChecks


class ChecksAuditor:
    def __init__(self, checks: ProjectChecks) -> None:
        self._checks = checks

    async def audit(self, request: AuditRequest) -> AuditVerdict:
        rows = []
        for kind in ("build", "suite"):
            if kind == "build" and not self._checks.command_for("build"):
                continue
            run = await self._checks.run("build" if kind == "build" else "suite")
            if not run.ran:
                return AuditVerdict("BLOCKED", reason=f"the {kind} could not run: {run.reason}")
            if not run.passed:
                last = run.tail[-1] if run.tail else "no output"
                rows.append(AuditRow("Blocking", f"`{run.command}`", f"the {kind} fails (exit code "
                                                                      f"{run.exit_code}): {last}"))
        return AuditVerdict("GAPS" if rows else "VALID", tuple(rows))
