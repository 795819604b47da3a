import pytest

from orkeon_engine.commands.session.export import ARGS, run_export
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import parse_args
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from tests.support.deps import make_deps
from tests.support.doubles.fake_disk_files import FakeDiskFiles
from tests.support.doubles.fake_files import FakeFiles

IN_SRC = WorkspaceInfo(root="/repo", git_root="/repo", writable=True, cwd="/repo/src")


def _args(*tokens):
    return parse_args("export", ARGS, list(tokens))


async def _deps_with_a_conversation(vfs=None, disk=None, workspace=None):
    deps = await make_deps(vfs=vfs, disk=disk, workspace=workspace)
    await deps.session.append(BufferEntry("user", "why does the parser fail?"),
                              BufferEntry("assistant", "It drops the last token: parser.py:40."))
    return deps


async def test_export_writes_to_the_output_folder_by_default_and_names_the_real_file():
    deps = await _deps_with_a_conversation()

    view = await run_export(_args(), deps)

    real = f".orkeon/local/output/conversation-{deps.session.id}.md"
    assert view.message == f"exported 2 entries of session {deps.session.id} to {real}"
    text = deps.files.texts[f"/output/conversation-{deps.session.id}.md"]
    assert "## 1. You\n\nwhy does the parser fail?" in text and "parser.py:40." in text


async def test_export_to_a_relative_path_writes_it_from_the_current_folder():
    deps = await _deps_with_a_conversation(workspace=IN_SRC)

    view = await run_export(_args("notes/chat.md"), deps)

    assert deps.disk.files["/repo/src/notes/chat.md"].startswith("# why does the parser fail?\n")
    assert view.message.endswith(" to notes/chat.md")


async def test_export_to_an_absolute_path_outside_the_workspace_writes_that_file():
    deps = await _deps_with_a_conversation()

    view = await run_export(_args("/tmp/x.md"), deps)

    assert "/tmp/x.md" in deps.disk.files and view.message.endswith(" to /tmp/x.md")
    assert not any(path.startswith("/tmp") for path in deps.files.texts)


async def test_export_to_home_reads_the_tilde():
    deps = await _deps_with_a_conversation()
    deps.env["HOME"] = "/home/me"

    await run_export(_args("~/chat.md"), deps)

    assert "/home/me/chat.md" in deps.disk.files


async def test_export_refuses_to_overwrite_an_existing_file():
    deps = await _deps_with_a_conversation(disk=FakeDiskFiles({"/repo/chat.md": "mine"}))

    with pytest.raises(CommandFailedError, match="chat.md exists; add --force"):
        await run_export(_args("chat.md"), deps)

    assert deps.disk.files["/repo/chat.md"] == "mine"


async def test_export_with_force_replaces_the_file():
    deps = await _deps_with_a_conversation(disk=FakeDiskFiles({"/repo/chat.md": "mine"}))

    await run_export(_args("chat.md", "--force"), deps)

    assert deps.disk.files["/repo/chat.md"].startswith("# why does the parser fail?\n")


async def test_a_file_that_cannot_be_written_is_refused_with_the_reason():
    disk = FakeDiskFiles()
    disk.refuse = "Permission denied"
    deps = await _deps_with_a_conversation(disk=disk)

    with pytest.raises(CommandFailedError, match="cannot export to /etc/passwd: Permission denied"):
        await run_export(_args("/etc/passwd"), deps)


async def test_the_default_file_is_kept_without_force():
    deps = await make_deps(vfs=FakeFiles())
    deps.files.texts[f"/output/conversation-{deps.session.id}.md"] = "mine"
    await deps.session.append(BufferEntry("user", "hi"))

    with pytest.raises(CommandFailedError, match=r"\.orkeon/local/output/conversation-.*\.md exists"):
        await run_export(_args(), deps)


async def test_an_empty_conversation_is_not_exported():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="nothing to export"):
        await run_export(_args(), deps)
