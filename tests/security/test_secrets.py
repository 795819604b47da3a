"""The `secrets` rule set is on for the assistant, and it catches the forms that leaked an env file
through the shell: `dd if=.env`, `f=.env; cat $f`, `cat .${x}env`, backquotes, a symlink to `.env`, and
`ls | grep env | xargs cat`. What a command prints is masked of URL passwords too."""

import json
import os

import pytest

from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.tools.shell_command import ShellCommandTool
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_human_input import FakeHumanInput


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    (root / ".env").write_text("OPENAI_API_KEY=sk-live-0123456789abcdef\n")
    (root / "notes.txt").symlink_to(root / ".env")
    (root / "README.md").write_text("hello\n")
    files = create_workspace_vfs(root, root / ".orkeon" / "local")
    yield root, files
    files.close()


async def _verdict(command, workspace, mode="bypassPermissions", settings=None):
    root, files = workspace
    deps = await make_deps(files=FakeConfigFiles(user=json.dumps(settings) if settings else None),
                           human=FakeHumanInput())
    tool = ShellCommandTool(SubprocessShell(root, {"PATH": os.environ["PATH"]}), deps.config, BASH_GRAMMAR, files)
    call = await tool.describe(tool.parse({"command": command}))
    return await (await gate_for_run(deps.gate_ports(), mode)).authorize(call), tool


@pytest.mark.parametrize("command", [
    "cat .env",
    "dd if=.env",
    "f=.env; cat $f",
    "cat .${x}env",
    "cat `echo .env`",
    "cat .e`echo nv`",
    "cat $(printf .env)",
    "cat notes.txt",
    "ls -a | grep env | xargs cat",
    "grep -r KEY < .env",
    "cp .env /tmp/x",
])
async def test_each_leaked_form_is_refused_by_the_secrets_set_even_in_bypass_permissions(command, workspace):
    verdict, _ = await _verdict(command, workspace)

    assert not verdict.allowed and "rule set secrets" in verdict.reason


async def test_an_ordinary_command_still_runs_in_bypass_permissions(workspace):
    verdict, tool = await _verdict("cat README.md", workspace)

    assert verdict.allowed


async def test_a_setting_turns_the_set_off(workspace):
    verdict, _ = await _verdict("cat .env", workspace, settings={"permissions.ruleSets": []})

    assert verdict.allowed


async def test_the_password_of_a_url_a_command_prints_is_masked(tmp_path):
    shell = SubprocessShell(tmp_path, {"PATH": os.environ["PATH"]})

    result = await shell.run("echo https://ada:hunter2-pass@git.example.org/r.git", timeout=10)

    assert result.output == "https://ada:***@git.example.org/r.git\n"
