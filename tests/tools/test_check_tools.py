from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.ports.shell import ShellResult
from orkeon_engine.services.project_checks import ShellProjectChecks
from orkeon_engine.tools.check_tools import RunBuildTool, RunTestsTool
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_shell import FakeShell

ZONES = detect_zones(["pyproject.toml", "Makefile"], {"pyproject.toml": "[tool.pytest.ini_options]\n",
                                                      "Makefile": "test:\n\tpytest\nbuild:\n\tmypy .\n"})


def _tools(shell):
    checks = ShellProjectChecks(shell, ZONES, FakeClock(), tail_lines=2)
    return RunTestsTool(checks), RunBuildTool(checks)


async def test_run_tests_runs_the_projects_runner_on_the_files_named_and_answers_with_its_tail():
    shell = FakeShell({"python -m pytest -q tests/test_a.py": ShellResult("x", 1, "a\nb\nc\n1 failed\n")})
    tests, _ = _tools(shell)

    result = await tests.run(tests.parse({"tests": ["tests/test_a.py"]}))

    assert result.is_error
    assert result.text == "$ python -m pytest -q tests/test_a.py\nexit code 1\n[2 earlier lines left out]\nc\n1 failed"


async def test_the_gate_sees_the_command_line_each_tool_would_run():
    tests, build = _tools(FakeShell())

    suite = await tests.describe(tests.parse({}))
    built = await build.describe(build.parse({}))

    assert (suite.tool_class, suite.command) == ("shell", "make test")
    assert built.command == "make build"


async def test_a_test_path_leaving_the_workspace_is_refused_without_running_anything():
    shell = FakeShell()
    tests, _ = _tools(shell)

    result = await tests.run(tests.parse({"tests": ["/etc/passwd"]}))

    assert result.is_error and "not a workspace-relative path" in result.text and shell.runs == []


async def test_run_build_runs_the_projects_build():
    shell = FakeShell()
    _, build = _tools(shell)

    result = await build.run(build.parse({}))

    assert not result.is_error and shell.commands() == ["make build"]
