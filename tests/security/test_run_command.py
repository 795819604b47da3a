"""/run puts the person's command line through the same gate as the model's shell call, over the real
shell: a command the rules deny (a deny rule, the `secrets` rule set, even in bypassPermissions), that the
mode refuses (plan), that nobody approves, or whose program is off `shell.allow` never runs (the file it
would create does not appear) and leaves nothing in the conversation."""

import json
import os

import pytest

from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.commands.session.run_command import ARGS, run_run_command
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import parse_args
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_human_input import FakeHumanInput


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    (root / ".env").write_text("OPENAI_API_KEY=sk-live-0123456789abcdef\n")
    files = create_workspace_vfs(root, root / ".orkeon" / "local")
    yield root, files
    files.close()


async def _deps(workspace, mode, settings=None, answers=()):
    root, files = workspace
    deps = await make_deps(files=FakeConfigFiles(user=json.dumps(settings or {})), vfs=files,
                           shell=SubprocessShell(root, {"PATH": os.environ["PATH"]}),
                           human=FakeHumanInput(choices=list(answers)),
                           workspace=WorkspaceInfo(str(root), None, True))
    await deps.session.set_state("permissions.mode", mode)
    return deps


@pytest.mark.parametrize("command, mode, settings, answers", [
    ("touch ran", "bypassPermissions", {"permissions": {"deny": ["shell_command(touch:*)"]}}, ()),
    ("cat .env > ran", "bypassPermissions", {"shell.allow": ["cat", "touch"]}, ()),
    ("touch ran", "plan", {"shell.allow": ["touch"]}, ()),
    ("touch ran", "dontAsk", {"shell.allow": ["touch"]}, ()),
    ("touch ran", "default", {"shell.allow": ["touch"]}, ()),
    ("touch ran", "default", {"shell.allow": ["touch"]}, ("Deny",)),
    ("touch ran", "bypassPermissions", {}, ()),
])
async def test_a_refused_command_never_runs(command, mode, settings, answers, workspace):
    root, _ = workspace
    deps = await _deps(workspace, mode, settings, answers)

    with pytest.raises(CommandFailedError, match="^not run: "):
        await run_run_command(parse_args("run", ARGS, [command]), deps)

    assert not (root / "ran").exists()
    assert await deps.session.entries() == []


async def test_an_allowed_command_does_run(workspace):
    root, _ = workspace
    deps = await _deps(workspace, "bypassPermissions", {"shell.allow": ["touch"]})

    await run_run_command(parse_args("run", ARGS, ["touch ran"]), deps)

    assert (root / "ran").exists()
