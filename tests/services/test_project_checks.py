from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.ports.shell import ShellError, ShellResult
from orkeon_engine.services.project_checks import ShellProjectChecks, open_project_checks
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_shell import FakeShell

ZONES = detect_zones(["pyproject.toml", "Makefile"], {"pyproject.toml": "[tool.pytest.ini_options]\n",
                                                      "Makefile": "test:\n\tpytest\n"})


async def test_a_failing_run_keeps_its_exit_code_and_the_tail_of_its_output():
    output = "".join(f"line {n}\n" for n in range(1, 101))
    shell = FakeShell({"python -m pytest -q tests/test_a.py": ShellResult("x", 1, output)})
    checks = ShellProjectChecks(shell, ZONES, FakeClock(), seconds=30, tail_lines=5)

    run = await checks.run("tests", ["tests/test_a.py"])

    assert (run.kind, run.exit_code, run.passed, run.total_lines) == ("tests", 1, False, 100)
    assert run.tail == ("line 96", "line 97", "line 98", "line 99", "line 100")
    assert shell.runs[0][1] == 30


async def test_a_run_stopped_at_its_time_or_that_cannot_start_did_not_run_and_says_why():
    shell = FakeShell({"make test": ShellResult("make test", None, "slow\n", timed_out=True)})
    checks = ShellProjectChecks(shell, ZONES, FakeClock(), seconds=30)

    timed_out = await checks.run("suite")
    shell.error = ShellError("no bash")
    refused = await checks.run("suite")

    assert not timed_out.ran and timed_out.reason == "it was stopped after 30 s"
    assert not refused.ran and "no bash" in refused.reason


async def test_a_check_the_project_names_no_command_for_runs_nothing():
    shell = FakeShell()

    run = await ShellProjectChecks(shell, ZONES, FakeClock()).run("build")

    assert run.command == "" and "states no build" in run.reason and shell.runs == []


async def test_the_checks_read_the_projects_commands_through_the_files():
    files = FakeFiles({"/workspace/package.json": '{"scripts": {"build": "tsc", "test": "jest"}}'})

    checks = await open_project_checks(files, FakeShell(), FakeClock())

    assert (checks.command_for("build"), checks.command_for("suite")) == ("npm run build", "npm test")
