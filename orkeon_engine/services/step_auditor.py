"""StepAuditor: the BatchAuditor /dev-batches' loop calls, played by the dev-verify audit itself
(services/dev_audit.audit_batch: the gate and the capture by code, then the read-only dev-auditor), its
verdict file written under the work's folder and its rows handed back as the loop reads them.
`gate_only` runs the gate and the capture alone, without the model (`/dev-batches <code> F<n> --gate-only`)."""

from __future__ import annotations

from orkeon_engine.domain.dev.verdict import Verdict, verdict_file
from orkeon_engine.ports.batch_audit import AuditRequest, AuditRow, AuditVerdict
from orkeon_engine.ports.git import Git
from orkeon_engine.ports.project_checks import ProjectChecks
from orkeon_engine.services.dev_audit import AuditInput, audit_batch
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.work_folder import WorkFolder


class StepAuditor:
    def __init__(self, step: DevStep, folder: WorkFolder, checks: ProjectChecks, git: Git | None,
                 gate_only: bool = False) -> None:
        self._step = step
        self._folder = folder
        self._checks = checks
        self._git = git
        self._gate_only = gate_only

    async def audit(self, request: AuditRequest) -> AuditVerdict:
        place = self._folder.place(request.code)
        verdict = await audit_batch(self._step, AuditInput(place, request.batch, self._checks, self._git,
                                                           request.tests), gate_only=self._gate_only)
        return loop_verdict(verdict, place.file(verdict_file(request.batch)))


def loop_verdict(verdict: Verdict, file: str) -> AuditVerdict:
    """The verdict as the loop reads it: its name, its rows (severity, cite, text), its file and reason."""
    rows = tuple(AuditRow(row.severity, row.cites, row.text) for row in verdict.rows)
    return AuditVerdict(verdict.verdict, rows, file, verdict.reason)
