import pytest

from orkeon_engine.commands.session.export import ARGS, run_export
from orkeon_engine.domain.args import parse_args
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session import BufferEntry
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles


def _args(*tokens):
    return parse_args("export", ARGS, list(tokens))


async def _deps_with_a_conversation(vfs=None):
    deps = await make_deps(vfs=vfs)
    await deps.session.append(BufferEntry("user", "why does the parser fail?"),
                              BufferEntry("assistant", "It drops the last token: parser.py:40."))
    return deps


async def test_export_writes_the_conversation_as_markdown_under_output_by_default():
    deps = await _deps_with_a_conversation()

    view = await run_export(_args(), deps)

    path = f"/output/conversation-{deps.session.id}.md"
    assert view.message == f"exported 2 entries of session {deps.session.id} to {path}"
    text = deps.files.texts[path]
    assert "## 1. You\n\nwhy does the parser fail?" in text and "parser.py:40." in text


async def test_export_to_a_relative_path_writes_it_under_the_workspace():
    deps = await _deps_with_a_conversation()

    await run_export(_args("notes/chat.md"), deps)

    assert "/workspace/notes/chat.md" in deps.files.texts


async def test_export_refuses_to_overwrite_an_existing_file():
    deps = await _deps_with_a_conversation(FakeFiles({"chat.md": "mine"}))

    with pytest.raises(CommandFailedError, match="/workspace/chat.md exists; add --force"):
        await run_export(_args("chat.md"), deps)

    assert deps.files.texts["/workspace/chat.md"] == "mine"


async def test_export_with_force_replaces_the_file():
    deps = await _deps_with_a_conversation(FakeFiles({"chat.md": "mine"}))

    await run_export(_args("chat.md", "--force"), deps)

    assert deps.files.texts["/workspace/chat.md"].startswith("# Conversation")


async def test_export_outside_the_mounts_is_refused_with_the_reason():
    deps = await _deps_with_a_conversation()

    with pytest.raises(CommandFailedError, match="cannot export to /etc/passwd"):
        await run_export(_args("/etc/passwd"), deps)


async def test_export_to_a_read_only_mount_is_refused():
    deps = await _deps_with_a_conversation()

    with pytest.raises(CommandFailedError, match="read-only mount"):
        await run_export(_args("/prompts/x.md"), deps)


async def test_an_empty_conversation_is_not_exported():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="nothing to export"):
        await run_export(_args(), deps)
