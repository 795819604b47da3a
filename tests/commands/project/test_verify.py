"""/verify in a real temporary git repository with a real pytest suite: the scripted model runs the
checks the request names through the gate and the real shell; the output it reads back is pytest's own."""

import json
import os
import sys
from pathlib import Path

import pytest

from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.commands.project.verify import ARGS, run_verify
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import parse_args
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.git_deps import make_git_deps
from tests.support.git_repo import commit_files, init_repo, isolate_git, write
from tests.support.scripted_chat_model import Call, ScriptedChatModel

PROJECT = {
    "pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = ['tests']\npythonpath = ['.']\n",
    "Makefile": "test:\n\tpython -m pytest -q -p no:cacheprovider\n",
    "calc.py": "def add(a, b):\n    return a + b\n",
    "tests/test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
    "tests/test_other.py": "def test_other():\n    assert True\n",
}
NARROW = "python -m pytest -q -p no:cacheprovider tests/test_calc.py"
REPORT = "1 check failed.\n## Passed\nnothing\n## Failed\n- `make test`: assert -1 == 5\n## Not checked\nnothing"
ALLOW_PYTEST = {"permissions": {"allow": ["shell_command(python -m pytest:*)", "shell_command(make test)"]}}


@pytest.fixture
def repo(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    repository = init_repo(tmp_path / "work")
    commit_files(repository, PROJECT, "chore: start the calculator")
    write(repository, "calc.py", "def add(a, b):\n    return a - b\n")  # the change breaks test_add
    return repository


async def verify(repo, model, *words, mode=None):
    root = Path(repo.working_tree_dir)
    env = {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}", "HOME": str(root)}
    settings = {**ALLOW_PYTEST, **({"permissions.fallback": mode} if mode else {})}
    deps = await make_git_deps(repo, chat_model=model, vfs=create_workspace_vfs(root, None),
                               shell=SubprocessShell(root, env), files=FakeConfigFiles(user=json.dumps(settings)))
    return await run_verify(parse_args("verify", ARGS, list(words)), deps)


def tool_results(request):
    return "\n".join(message.text for message in request.messages if message.role == "tool")


async def test_the_request_names_the_change_its_nearest_test_and_the_projects_command(repo):
    model = ScriptedChatModel([REPORT])

    await verify(repo, model)

    request = model.requests[0].messages[-1].text.split("## The request")[-1]  # past the environment's file list
    assert "- calc.py" in request and "- tests/test_calc.py" in request and "- test: `make test`" in request
    assert "tests/test_other.py\n" not in request.split("Then the wider one")[0]


async def test_the_narrow_check_then_the_wider_one_run_in_the_real_shell_and_their_failures_reach_the_model(repo):
    model = ScriptedChatModel([Call("shell_command", {"command": NARROW}),
                               Call("shell_command", {"command": "make test"}), REPORT])

    view = await verify(repo, model, "the", "sign", "of", "add")

    narrow, wider = tool_results(model.requests[1]), tool_results(model.requests[2])
    assert "1 failed" in narrow and "assert -1 == 5" in narrow and "1 passed" not in narrow
    assert "1 failed, 1 passed" in wider
    assert view.message.startswith("1 check failed.") and view.data["toolCalls"] == 2


async def test_in_a_read_only_mode_no_check_runs_and_the_model_is_told_the_shell_is_not_offered(repo):
    model = ScriptedChatModel([Call("shell_command", {"command": NARROW}), "nothing could be checked"])

    await verify(repo, model, mode="plan")

    assert tool_results(model.requests[1]).startswith("unknown tool 'shell_command'; the tools offered are:")
    assert "shell_command" not in model.requests[0].tool_names


async def test_without_a_change_or_a_focus_there_is_nothing_to_verify(repo):
    repo.git.checkout("--", "calc.py")

    with pytest.raises(CommandFailedError, match="nothing to verify: git status lists no change"):
        await verify(repo, ScriptedChatModel([]))
