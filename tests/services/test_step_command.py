from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.domain.permissions.modes import SESSION_MODE_KEY
from orkeon_engine.ports.shell import ShellResult
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.step_command import run_step_command
from tests.support.dev_steps import dev_deps
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_shell import FakeShell

COMMAND = "python -m pytest tests/test_cart.py -q"


async def _step(shell, human=None, mode=None):
    deps = await dev_deps(shell=shell, human=human or FakeHumanInput(choices=["Allow once"]))
    if mode is not None:
        await deps.session.set_state(SESSION_MODE_KEY, mode)
    return deps, DevStep(step_ports(deps))


async def test_a_command_the_person_allows_runs_and_its_output_is_kept_without_the_tools_header():
    deps, step = await _step(FakeShell({COMMAND: ShellResult(COMMAND, 1, "F\r\n1 failed\n")}))

    done = await run_step_command(step, COMMAND, "dev-change")

    assert (done.run.exit_code, done.run.output, done.refusal) == (1, "F\n1 failed", "")
    assert "python -m pytest" in deps.human.questions[0][0]


async def test_the_plan_mode_refuses_the_command_and_nothing_runs():
    deps, step = await _step(FakeShell(), mode="plan")

    done = await run_step_command(step, COMMAND, "dev-change")

    assert done.run is None and "plan" in done.refusal and deps.shell.runs == []


async def test_a_command_that_timed_out_has_no_exit_code():
    deps, step = await _step(FakeShell({COMMAND: ShellResult(COMMAND, None, "", timed_out=True)}))

    done = await run_step_command(step, COMMAND, "dev-change")

    assert done.run.exit_code is None and done.run.failed
