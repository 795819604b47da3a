from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.ports.batch_audit import AuditRequest, AuditRow
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.step_auditor import StepAuditor
from orkeon_engine.services.work_folder import WorkFolder
from tests.support.dev_audits import COMMANDS, VERDICT_FILE, audit_deps, delivered_git, row, rows
from tests.support.doubles.fake_project_checks import FakeProjectChecks

REQUEST = AuditRequest("cart-save", "F1", "/workspace")


async def _auditor(deps, gate_only=False):
    ports = step_ports(deps)
    folder = await WorkFolder.open(deps.config, ports.files)
    return StepAuditor(DevStep(ports), folder, FakeProjectChecks(dict(COMMANDS)), delivered_git(), gate_only)


async def test_the_loop_reads_the_audits_verdict_its_rows_and_its_file():
    deps = await audit_deps(rows(row()))
    auditor = await _auditor(deps)

    verdict = await auditor.audit(REQUEST)

    assert (verdict.verdict, verdict.file) == ("GAPS", VERDICT_FILE)
    assert verdict.correction == (AuditRow("Major", "shop/saved.py:2", "A saved cart keeps no price for its lines."),)


async def test_gate_only_audits_by_code_alone_without_a_model_call():
    deps = await audit_deps()
    auditor = await _auditor(deps, gate_only=True)

    verdict = await auditor.audit(REQUEST)

    assert verdict.verdict == "VALID" and await deps.children.recent() == []
