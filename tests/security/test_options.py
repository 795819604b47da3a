"""Options that make an allowed program write or run: `git diff --output=.git/config` under an allowed
`git diff:*` overwrote the repository's settings. Now such an option asks, and the question says why."""

import json
import os
import subprocess

import pytest

from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.tools.shell_command import ShellCommandTool
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_human_input import FakeHumanInput


@pytest.fixture
def repository(tmp_path):
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1"}
    subprocess.run(["git", "init", "-q", str(tmp_path / "repo")], env=env, check=True)
    (tmp_path / "repo" / "a.txt").write_text("a\n")
    return tmp_path / "repo", env


async def _ask(command, allow, repository, answer=None):
    root, env = repository
    rules = [allow] if isinstance(allow, str) else list(allow)
    files = FakeConfigFiles(project=json.dumps({"permissions": {"allow": rules}}))
    deps = await make_deps(files=files, human=FakeHumanInput(choices=[answer]))
    tool = ShellCommandTool(SubprocessShell(root, env), deps.config, BASH_GRAMMAR)
    args = tool.parse({"command": command})
    verdict = await (await gate_for_run(deps.gate_ports(), "default")).authorize(await tool.describe(args))
    if verdict.allowed:
        await tool.run(args)
    return verdict, deps.human.questions


async def test_git_diff_output_under_an_allowed_git_diff_asks_and_nobody_answering_keeps_the_config(repository):
    config = repository[0] / ".git" / "config"
    before = config.read_text()

    verdict, questions = await _ask("git diff --output=.git/config", "shell_command(git diff:*)", repository)

    assert not verdict.allowed and config.read_text() == before
    assert "--output makes git write the file it names" in questions[0][0]


async def test_the_same_rule_still_allows_a_plain_git_diff_without_asking(repository):
    verdict, questions = await _ask("git diff --stat", "shell_command(git diff:*)", repository)

    assert verdict.allowed and questions == []


async def test_a_rule_naming_the_whole_command_allows_the_option(repository):
    verdict, questions = await _ask("git diff --output=diff.txt", "shell_command(git diff --output=diff.txt)",
                                    repository)

    assert verdict.allowed and questions == [] and (repository[0] / "diff.txt").exists()


@pytest.mark.parametrize(("command", "allow", "said"), [
    ("find . -name a.txt -exec rm {} +", "shell_command(find:*)", "-exec runs the command it is given"),
    ("find . -delete", "shell_command(find:*)", "-delete deletes each file found"),
    ("sed -i s/a/b/ a.txt", "shell_command(sed:*)", "-i edits the files it reads in place"),
    ("git -c core.pager=cat log", "shell_command(git:*)", "core.pager"),
    ("ls | xargs rm", ["shell_command(ls:*)", "shell_command(xargs:*)"], "xargs runs the command it is given"),
    ("tar --to-command=sh -cf /dev/null a.txt", "shell_command(tar:*)", "--to-command runs the program it names"),
])
async def test_each_writing_or_running_option_asks_with_its_reason_and_runs_nothing(command, allow, said,
                                                                                      repository):
    before = sorted(os.listdir(repository[0]))

    verdict, questions = await _ask(command, allow, repository)

    assert not verdict.allowed and said in questions[0][0]
    assert sorted(os.listdir(repository[0])) == before and (repository[0] / "a.txt").read_text() == "a\n"
