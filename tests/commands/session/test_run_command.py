import pytest

from orkeon_engine.commands.session.run_command import ARGS, run_run_command
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.history import COMMAND_OUTPUT
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from orkeon_engine.ports.shell import ShellResult
from tests.support.deps import make_deps
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_shell import FakeShell


def _args(*tokens):
    return parse_args("run", ARGS, list(tokens))


async def _deps(answers=(), results=None):
    shell = FakeShell(results or {"pytest -q": ShellResult("pytest -q", 1, "1 failed, 3 passed\n")})
    deps = await make_deps(shell=shell, human=FakeHumanInput(choices=list(answers)))
    return deps, shell


async def test_an_allowed_command_runs_and_its_output_joins_the_conversation():
    deps, shell = await _deps(["Allow once"])

    view = await run_run_command(_args("pytest -q"), deps)

    (entry,) = await deps.session.entries()
    assert shell.commands() == ["pytest -q"]
    assert view.lines == ("exit code 1", "1 failed, 3 passed")
    assert view.exit_code == 1 and view.data["exitCode"] == 1
    assert view.message == "The output is in the conversation (whole) for the next turn."
    assert entry.kind == COMMAND_OUTPUT and "1 failed, 3 passed" in entry.text


async def test_the_gate_asks_in_the_default_mode_as_for_the_models_shell_call():
    deps, _ = await _deps(["Allow once"])

    await run_run_command(_args("pytest -q"), deps)

    assert "shell_command" in deps.human.questions[0][0] and "pytest -q" in deps.human.questions[0][0]


async def test_a_denied_command_never_runs_and_leaves_nothing_in_the_history():
    deps, shell = await _deps(["Deny"])

    with pytest.raises(CommandFailedError, match="not run: refused by the person"):
        await run_run_command(_args("pytest -q"), deps)
    assert shell.commands() == [] and await deps.session.entries() == []


async def test_the_plan_mode_refuses_the_shell_naming_the_mode():
    deps, shell = await _deps()
    await deps.session.set_state("permissions.mode", "plan")

    with pytest.raises(CommandFailedError, match=r"not run: the plan mode .* does not offer shell_command.*"
                                                 r"\(mode plan \(session\)\)"):
        await run_run_command(_args("pytest -q"), deps)
    assert shell.commands() == []


async def test_a_program_off_the_shell_allow_list_is_refused():
    deps, shell = await _deps()
    await deps.session.set_state("permissions.mode", "bypassPermissions")

    with pytest.raises(CommandFailedError, match="not run: curl is not on the shell.allow list"):
        await run_run_command(_args("curl", "https://example.org"), deps)
    assert shell.commands() == []


async def test_a_long_output_is_cut_in_the_history_and_shown_whole():
    output = "".join(f"line {n}\n" for n in range(3_000))
    deps, _ = await _deps(results={"cat big.log": ShellResult("cat big.log", 0, output)})
    await deps.session.set_state("permissions.mode", "bypassPermissions")

    view = await run_run_command(_args("cat big.log"), deps)

    (entry,) = await deps.session.entries()
    assert len(view.lines) == 3_001 and "line 2999" in entry.text
    assert "characters of the output left out here" in entry.text and len(entry.text) < 8_200
    assert view.message == "The output is in the conversation (cut to its head and tail) for the next turn."


async def test_an_empty_command_line_shows_the_usage():
    deps, _ = await _deps()

    with pytest.raises(ArgumentError, match="the command line is empty"):
        await run_run_command(_args(" "), deps)
