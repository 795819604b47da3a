"""The files pinned to the context (/add, /read-only) are text the model reads whole, so what may be pinned
is checked as the gate checks a file_read, over the real VFS: a path typed to leave the workspace, a
symlink out of it, an env file (by name, through a symlink, matched by a glob), and a crafted state bag
naming a host file are refused or left out, and never reach the prompt. A file pinned read-only is kept
from the model's edit tools by the gate, whatever the mode."""

import os

import pytest

from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.commands.session.context_files import ARGS_PIN, run_add, run_read_only
from orkeon_engine.commands.status.context import run_context
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ParsedArgs, parse_args
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.tools.file_write import FileWriteTool
from orkeon_engine.tools.read_ledger import ReadLedger
from tests.support.deps import make_deps

SECRET = "OPENAI_API_KEY=sk-live-0123456789abcdef"


@pytest.fixture
def workspace(tmp_path):
    root = tmp_path / "ws"
    (root / "src").mkdir(parents=True)
    (root / "src" / "a.py").write_text("print('a')\n")
    (root / ".env").write_text(SECRET + "\n")
    (root / "notes.txt").symlink_to(root / ".env")
    outside = tmp_path / "outside.txt"
    outside.write_text("host secret\n")
    (root / "src" / "out.txt").symlink_to(outside)
    files = create_workspace_vfs(root, root / ".orkeon" / "local")
    yield root, files
    files.close()


async def _deps(workspace):
    root, files = workspace
    return await make_deps(vfs=files, workspace=WorkspaceInfo(str(root), None, True))


def _pin(*tokens):
    return parse_args("add", ARGS_PIN, list(tokens))


@pytest.mark.parametrize("typed, reason", [
    ("../outside.txt", "is outside the workspace"),
    ("/workspace/../outside.txt", "it leaves the workspace"),
    ("src/out.txt", "a symlink leads out of the mount /workspace"),
    (".env", "refused by the rule *(.env) (rule set secrets)"),
    ("notes.txt", "refused by the rule *(.env) (rule set secrets)"),
])
async def test_a_path_that_leaves_the_workspace_or_holds_secrets_is_refused(typed, reason, workspace):
    deps = await _deps(workspace)

    with pytest.raises(CommandFailedError) as refused:
        await run_add(_pin(typed), deps)

    assert reason in str(refused.value) and "nothing was pinned" in str(refused.value)
    assert await deps.session.get_state("context.files") is None


async def test_a_glob_never_pins_an_env_file(workspace):
    deps = await _deps(workspace)

    view = await run_add(_pin("*", ".e*", "src/*"), deps)

    assert [f["path"] for f in view.data["files"]] == ["/workspace/src/a.py"]
    assert any("skipped .env" in line and "rule set secrets" in line for line in view.lines)
    assert any("skipped notes.txt" in line for line in view.lines)


async def test_a_crafted_state_naming_a_host_or_secret_file_reaches_no_prompt(workspace):
    deps = await _deps(workspace)
    await deps.session.set_state("context.files", [
        {"path": "/workspace/../outside.txt"}, {"path": "/workspace/.env"}, {"path": "/etc/passwd"},
        {"path": "/workspace/src/out.txt"},
    ])

    view = await run_context(ParsedArgs(), deps)

    text = "\n".join(view.lines)
    assert "host secret" not in text and SECRET not in text
    assert all(f["tokens"] == 0 and f["leftOut"] for f in view.data["files"])


async def test_a_file_pinned_read_only_is_refused_to_the_models_edit_even_in_bypass_permissions(workspace):
    root, files = workspace
    deps = await _deps(workspace)
    await run_read_only(_pin("src/a.py"), deps)
    tool = FileWriteTool(files, ReadLedger())

    gate = await gate_for_run(deps.gate_ports(), "bypassPermissions")
    verdict = await gate.authorize(await tool.describe(tool.parse({"path": "src/a.py", "content": "x = 2\n"})))

    assert not verdict.allowed and "pinned this file read-only" in verdict.reason
    assert (root / "src" / "a.py").read_text() == "print('a')\n"


async def test_a_symlink_to_a_read_only_file_does_not_open_it_to_edits(workspace):
    root, files = workspace
    os.symlink(root / "src" / "a.py", root / "alias.py")
    deps = await _deps(workspace)
    await run_read_only(_pin("src/a.py"), deps)
    tool = FileWriteTool(files, ReadLedger())

    gate = await gate_for_run(deps.gate_ports(), "bypassPermissions")
    verdict = await gate.authorize(await tool.describe(tool.parse({"path": "alias.py", "content": "x = 2\n"})))

    assert not verdict.allowed
