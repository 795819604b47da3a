import json

import pytest

from orkeon_engine.domain.checks.turn_checks import TurnCheck
from orkeon_engine.domain.model.act import ActResult
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.tool_call import Verdict
from orkeon_engine.ports.shell import ShellError, ShellResult
from orkeon_engine.services.turn_checks import CheckRunner, TurnChecks, read_project_tests, read_verify, run_named_check
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.doubles.fake_shell import FakeShell

CHECK = TurnCheck("python -m pytest -q tests/test_cart.py", ("tests/test_cart.py",))
FAILED = """\
=================================== FAILURES ===================================
___________________________________ test_total ___________________________________
>       assert total([2, 3]) == 5
E       assert 6 == 5

tests/test_cart.py:4: AssertionError
/home/dev/.venv/lib/python3.11/site-packages/pluggy/_hooks.py:513: PluggyTeardownRaisedWarning
=========================== short test summary info ============================
FAILED tests/test_cart.py::test_total - assert 6 == 5
1 failed in 0.01s
"""


async def _runner(shell: FakeShell, gate: FakePermissionGate | None = None, settings: dict | None = None):
    deps = await make_deps(files=FakeConfigFiles(project=json.dumps(settings or {})))
    return CheckRunner(shell, gate or FakePermissionGate(), deps.config, BASH_GRAMMAR, "/home/dev/shop")


async def test_a_check_the_gate_allows_runs_and_passes():
    shell = FakeShell({CHECK.command: ShellResult(CHECK.command, 0, "1 passed")})

    outcome = await run_named_check(CHECK, await _runner(shell))

    assert outcome.passed and shell.commands() == [CHECK.command]


async def test_the_gate_sees_the_check_as_the_shell_command_it_is():
    gate = FakePermissionGate()

    await run_named_check(CHECK, await _runner(FakeShell(), gate))

    assert [(call.name, call.tool_class, call.command) for call in gate.calls] == [
        ("shell_command", "shell", CHECK.command)]


async def test_a_failed_check_carries_its_failure_trimmed():
    shell = FakeShell({CHECK.command: ShellResult(CHECK.command, 1, FAILED)})

    outcome = await run_named_check(CHECK, await _runner(shell))

    assert outcome.failed and outcome.exit_code == 1
    assert outcome.failure.startswith("--- test_total\n>       assert total([2, 3]) == 5\nE       assert 6 == 5")


async def test_a_check_the_gate_refuses_does_not_run_and_is_unchecked():
    shell = FakeShell()
    gate = FakePermissionGate(default=Verdict.deny("refused: nobody answered; change approach"))

    outcome = await run_named_check(CHECK, await _runner(shell, gate))

    assert outcome.status == "unchecked" and outcome.reason == "nobody answered" and shell.runs == []


async def test_a_program_off_the_shell_allow_list_does_not_run():
    shell = FakeShell()

    outcome = await run_named_check(CHECK, await _runner(shell, settings={"shell.allow": ["git"]}))

    assert outcome.status == "unchecked" and "not on the shell.allow list" in outcome.reason and shell.runs == []


async def test_in_plan_mode_nothing_is_asked_and_nothing_runs():
    shell, gate = FakeShell(), FakePermissionGate(mode="plan")

    outcome = await run_named_check(CHECK, await _runner(shell, gate))

    assert outcome.status == "unchecked" and gate.calls == [] and shell.runs == []


async def test_a_check_that_cannot_start_is_unchecked():
    shell = FakeShell()
    shell.error = ShellError("bash is missing")

    outcome = await run_named_check(CHECK, await _runner(shell))

    assert outcome.status == "unchecked" and "bash is missing" in outcome.reason


async def test_a_check_stopped_at_its_timeout_is_a_failure():
    shell = FakeShell({CHECK.command: ShellResult(CHECK.command, None, "hung", timed_out=True)})

    outcome = await run_named_check(CHECK, await _runner(shell))

    assert outcome.failed and outcome.reason == "stopped after 600 s"


PROJECT = {
    "/workspace/pyproject.toml": "[tool.pytest.ini_options]\n",
    "/workspace/shop/cart.py": "def total(items): ...\n",
    "/workspace/tests/test_checkout.py": "from shop.cart import total\n",
    "/workspace/tests/test_tax.py": "import os\n",
}
ANSWERED = ActResult("done", (), Usage(), 1, ())


async def _never(done: ActResult, text: str) -> ActResult | None:
    raise AssertionError("nothing is sent back to the model here")


async def test_the_project_is_read_with_its_python_tests_texts():
    project = await read_project_tests(FakeFiles(PROJECT))

    assert set(project.test_texts) == {"tests/test_checkout.py", "tests/test_tax.py"}
    assert project.zones[0].tools == ("pytest",)


async def test_after_the_edits_the_tests_importing_the_change_run():
    shell = FakeShell()
    checks = TurnChecks(await _runner(shell), FakeFiles(PROJECT), FakeProgress())

    _, outcome = await checks.after_edits(ANSWERED, ["shop/cart.py"], _never)

    assert shell.commands() == ["python -m pytest -q tests/test_checkout.py"] and outcome is not None


async def test_a_change_to_prose_only_runs_no_check():
    shell = FakeShell()
    checks = TurnChecks(await _runner(shell), FakeFiles(PROJECT))

    _, outcome = await checks.after_edits(ANSWERED, ["README.md"], _never)

    assert outcome is None and shell.runs == []


async def test_a_request_asking_no_fix_runs_nothing_first():
    shell = FakeShell()
    checks = TurnChecks(await _runner(shell), FakeFiles(PROJECT))

    assert await checks.reproduce("explain shop/cart.py") == "" and shell.runs == []


@pytest.mark.parametrize(("settings", "value"), [({}, "auto"), ({"assistant.verify": "off"}, "off")])
async def test_the_setting_is_read_with_auto_by_default(settings, value):
    deps = await make_deps(files=FakeConfigFiles(project=json.dumps(settings)))

    assert await read_verify(deps.config) == value
