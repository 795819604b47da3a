from orkeon_engine.domain.project_tooling import detect_zones
from orkeon_engine.ports.batch_audit import AuditRequest
from orkeon_engine.ports.shell import ShellResult
from orkeon_engine.services.checks_audit import ChecksAuditor
from orkeon_engine.services.project_checks import ShellProjectChecks
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_shell import FakeShell

ZONES = detect_zones(["pyproject.toml", "Makefile"],
                     {"pyproject.toml": "", "Makefile": "test:\n\tpytest\nbuild:\n\tmypy .\n"})
REQUEST = AuditRequest("cart", "F1", "/workspace")


async def test_a_passing_build_and_suite_are_valid():
    verdict = await ChecksAuditor(ShellProjectChecks(FakeShell(), ZONES, FakeClock())).audit(REQUEST)

    assert verdict.verdict == "VALID" and verdict.rows == ()


async def test_a_failing_suite_is_a_blocking_row_citing_its_command():
    shell = FakeShell({"make test": ShellResult("make test", 2, "E  assert 1 == 2\n1 failed\n")})

    verdict = await ChecksAuditor(ShellProjectChecks(shell, ZONES, FakeClock())).audit(REQUEST)

    assert verdict.verdict == "GAPS"
    assert [(r.severity, r.cites, r.text) for r in verdict.correction] == [
        ("Blocking", "`make test`", "the suite fails (exit code 2): 1 failed")]


async def test_a_suite_that_cannot_run_blocks_the_audit():
    verdict = await ChecksAuditor(ShellProjectChecks(FakeShell(), [], FakeClock())).audit(REQUEST)

    assert verdict.verdict == "BLOCKED" and "states no test command" in verdict.reason
