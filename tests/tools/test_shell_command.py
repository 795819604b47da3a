from orkeon_engine.ports.shell import ShellError, ShellResult
from orkeon_engine.tools.shell_command import MAX_OUTPUT_BYTES, ShellCommandTool
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_shell import FakeShell


async def _tool(shell=None, project=None):
    shell = shell or FakeShell()
    deps = await make_deps(files=FakeConfigFiles(project=project), shell=shell)
    return ShellCommandTool(shell, deps.config, BASH_GRAMMAR), shell


async def test_a_listed_program_runs_and_the_result_carries_its_exit_code_and_output():
    shell = FakeShell({"pytest -q": ShellResult("pytest -q", 1, "1 failed\n")})
    tool, _ = await _tool(shell)

    result = await tool.run(tool.parse({"command": "pytest -q"}))

    assert result.text == "exit code 1\n1 failed"
    assert result.data["exit_code"] == 1 and not result.is_error
    assert shell.runs == [("pytest -q", 120, MAX_OUTPUT_BYTES)]


async def test_a_program_off_the_allow_list_is_refused_before_anything_runs():
    tool, shell = await _tool()

    result = await tool.run(tool.parse({"command": "git status && rm -rf build"}))

    assert result.is_error and result.data["refused"]
    assert result.text.startswith("refused: rm is not on the shell.allow list (git, python,")
    assert shell.runs == []


async def test_the_allow_list_comes_from_the_settings():
    tool, shell = await _tool(project='{"shell.allow": ["cargo"]}')

    refused = await tool.run(tool.parse({"command": "git status"}))
    allowed = await tool.run(tool.parse({"command": "cargo test"}))

    assert refused.text.startswith("refused: git is not on the shell.allow list (cargo)")
    assert not allowed.is_error and shell.commands() == ["cargo test"]


async def test_a_settings_file_that_cannot_be_read_refuses_every_command():
    tool, shell = await _tool(project="{broken")

    result = await tool.run(tool.parse({"command": "ls"}))

    assert result.is_error and "shell.allow setting cannot be read" in result.text and shell.runs == []


async def test_a_line_whose_programs_cannot_be_told_is_refused():
    tool, shell = await _tool()

    result = await tool.run(tool.parse({"command": "echo $(rm -rf x)"}))

    assert result.is_error and "command substitution" in result.text and shell.runs == []


async def test_a_timeout_is_passed_on_and_a_timed_out_command_is_an_error_result():
    shell = FakeShell({"make all": ShellResult("make all", None, "building\n", timed_out=True)})
    tool, _ = await _tool(shell)

    result = await tool.run(tool.parse({"command": "make all", "timeout_seconds": 5}))

    assert result.is_error and result.data["timed_out"]
    assert result.text == "timed out after 5 s: the command and what it started were stopped\nbuilding"
    assert shell.runs[0][1] == 5


async def test_a_capped_output_ends_with_a_note_of_how_much_was_left_out():
    shell = FakeShell({"ls": ShellResult("ls", 0, "a\n[... 9,000 bytes left out ...]\nz\n", omitted_bytes=9000)})
    tool, _ = await _tool(shell)

    result = await tool.run(tool.parse({"command": "ls"}))

    assert result.text.splitlines()[-1].startswith("[output cut: 9,000 bytes left out of the middle;")


async def test_a_silent_command_says_it_printed_nothing():
    tool, _ = await _tool()

    result = await tool.run(tool.parse({"command": "true"}))

    assert result.text == "exit code 0\n(no output)"


async def test_a_shell_that_cannot_start_is_an_error_result():
    shell = FakeShell()
    shell.error = ShellError("cannot start /bin/sh in /repo: No such file or directory")
    tool, _ = await _tool(shell)

    result = await tool.run(tool.parse({"command": "ls"}))

    assert result.is_error and result.text.startswith("cannot start /bin/sh")


async def test_describe_hands_the_gate_the_command_line_as_a_shell_call():
    tool, _ = await _tool()

    call = await tool.describe(tool.parse({"command": "git push"}))

    assert (call.name, call.tool_class, call.command) == ("shell_command", "shell", "git push")
