"""DocumentOverlay against a real client: unsaved text by host path, incremental changes, edits as applyEdit;
and the engine's VFS and file tools over it."""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path

from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.tools.file_read import FileReadTool
from orkeon_engine.tools.file_write import FileWriteTool
from orkeon_engine.tools.read_ledger import ReadLedger
from tests.support.lsp_session import full_capabilities, run_command


async def synced(client) -> None:
    """Wait until the server has handled every notification sent so far (a request answers after them)."""
    await run_command(client, "mode", "show")


def open_document(client, path, text: str, version: int = 1) -> str:
    uri = from_fs_path(str(path))
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)))
    return uri


def change(client, uri: str, version: int, start: tuple[int, int], end: tuple[int, int], text: str) -> None:
    edit_range = types.Range(start=types.Position(*start), end=types.Position(*end))
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=edit_range, text=text)]))


def edits_answered(applied: bool, received: list[Any]):
    def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        received.append(params)
        return types.ApplyWorkspaceEditResult(applied=applied, failure_reason=None if applied else "read-only")

    return {types.WORKSPACE_APPLY_EDIT: apply_edit}


async def test_an_open_document_is_read_from_its_buffer_with_incremental_changes(connect, tmp_path):
    path = tmp_path / "app.py"
    path.write_text("on disk\n", encoding="utf-8")
    async with connect() as (client, server):
        uri = open_document(client, path, "x = 1\ny = 2\n")
        change(client, uri, 2, (1, 4), (1, 5), "20")
        await synced(client)

        text = server.documents.text(str(path))

    assert text == "x = 1\ny = 20\n"


async def test_a_closed_or_never_opened_document_is_not_in_the_overlay(connect, tmp_path):
    async with connect() as (client, server):
        uri = open_document(client, tmp_path / "a.py", "a")
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        await synced(client)

        closed, never = server.documents.text(str(tmp_path / "a.py")), server.documents.text(str(tmp_path / "b.py"))

    assert closed is None and never is None


async def test_a_path_through_a_symlink_finds_the_same_document(connect, tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    async with connect() as (client, server):
        open_document(client, tmp_path / "real" / "a.py", "unsaved")
        await synced(client)

        text = server.documents.text(str(tmp_path / "link" / "a.py"))

    assert text == "unsaved"


async def test_an_edit_of_an_open_document_goes_to_the_editor_as_one_versioned_whole_text_edit(connect, tmp_path):
    received: list[types.ApplyWorkspaceEditParams] = []
    async with connect(features=edits_answered(True, received)) as (client, server):
        uri = open_document(client, tmp_path / "a.py", "old 👋\nsecond\n", version=7)
        await synced(client)

        outcome = await server.documents.apply(str(tmp_path / "a.py"), "new\n")
        seen_before_did_change = server.documents.text(str(tmp_path / "a.py"))

    (document_edit,) = received[0].edit.document_changes
    (text_edit,) = document_edit.edits
    assert outcome == "applied" and seen_before_did_change == "new\n"
    assert document_edit.text_document.uri == uri and document_edit.text_document.version == 7
    assert (text_edit.range.start.line, text_edit.range.start.character) == (0, 0)
    assert (text_edit.range.end.line, text_edit.range.end.character) == (2, 0)
    assert text_edit.new_text == "new\n"


async def test_the_end_of_a_last_line_is_counted_in_the_clients_units(connect, tmp_path):
    received: list[types.ApplyWorkspaceEditParams] = []
    async with connect(features=edits_answered(True, received)) as (client, server):
        open_document(client, tmp_path / "a.py", "a\nsmile 👋")
        await synced(client)

        await server.documents.apply(str(tmp_path / "a.py"), "b")

    end = received[0].edit.document_changes[0].edits[0].range.end
    assert (end.line, end.character) == (1, 8)  # utf-16: the emoji is two units


async def test_a_form_feed_does_not_push_the_end_past_the_last_line(connect, tmp_path):
    received: list[types.ApplyWorkspaceEditParams] = []
    async with connect(features=edits_answered(True, received)) as (client, server):
        open_document(client, tmp_path / "a.py", "a\n\x0c\nlast")
        await synced(client)

        await server.documents.apply(str(tmp_path / "a.py"), "b")

    end = received[0].edit.document_changes[0].edits[0].range.end
    assert (end.line, end.character) == (2, 4)


async def test_a_client_without_versioned_edits_gets_the_changes_map(connect, tmp_path):
    capabilities = full_capabilities()
    capabilities.workspace.workspace_edit = types.WorkspaceEditClientCapabilities(document_changes=False)
    received: list[types.ApplyWorkspaceEditParams] = []
    async with connect(capabilities=capabilities, features=edits_answered(True, received)) as (client, server):
        uri = open_document(client, tmp_path / "a.py", "old")
        await synced(client)

        await server.documents.apply(str(tmp_path / "a.py"), "new")

    assert [edit.new_text for edit in received[0].edit.changes[uri]] == ["new"]


async def test_an_edit_the_editor_refuses_is_refused_and_the_buffer_kept(connect, tmp_path):
    received: list[types.ApplyWorkspaceEditParams] = []
    async with connect(features=edits_answered(False, received)) as (client, server):
        open_document(client, tmp_path / "a.py", "old")
        await synced(client)

        outcome = await server.documents.apply(str(tmp_path / "a.py"), "new")
        text = server.documents.text(str(tmp_path / "a.py"))

    assert outcome == "refused" and text == "old"


async def test_an_edit_is_unsupported_without_apply_edit_or_an_open_document(connect, tmp_path):
    capabilities = full_capabilities()
    capabilities.workspace.apply_edit = False
    async with connect(capabilities=capabilities) as (client, server):
        open_document(client, tmp_path / "a.py", "old")
        await synced(client)

        no_support = await server.documents.apply(str(tmp_path / "a.py"), "new")
        not_open = await server.documents.apply(str(tmp_path / "b.py"), "new")

    assert no_support == "unsupported" and not_open == "unsupported"


async def test_the_accepted_text_gives_way_to_the_next_change_from_the_editor(connect, tmp_path):
    async with connect(features=edits_answered(True, [])) as (client, server):
        uri = open_document(client, tmp_path / "a.py", "old")
        await synced(client)
        await server.documents.apply(str(tmp_path / "a.py"), "new")
        change(client, uri, 2, (0, 0), (0, 3), "typed by the person")
        await synced(client)

        text = server.documents.text(str(tmp_path / "a.py"))

    assert text == "typed by the person"


async def test_the_models_file_tools_read_the_unsaved_buffer_and_edit_through_the_editor(connect, tmp_path):
    (tmp_path / "app.py").write_text("on disk\n", encoding="utf-8")
    received: list[types.ApplyWorkspaceEditParams] = []
    async with connect(features=edits_answered(True, received)) as (client, server):
        open_document(client, tmp_path / "app.py", "unsaved = True\n")
        await synced(client)
        files = create_workspace_vfs(tmp_path, None, server.documents)
        ledger = ReadLedger()
        read, write = FileReadTool(files, ledger), FileWriteTool(files, ledger)

        seen = await read.run(read.parse({"path": "app.py"}))
        written = await write.run(write.parse({"path": "app.py", "content": "edited = True\n"}))
        seen_after = await read.run(read.parse({"path": "/workspace/app.py"}))
        files.close()

    assert "unsaved = True" in seen.text and not written.is_error
    assert received[0].edit.document_changes[0].edits[0].new_text == "edited = True\n"
    assert "edited = True" in seen_after.text
    assert (tmp_path / "app.py").read_text(encoding="utf-8") == "on disk\n"


async def test_an_edit_the_editor_refuses_reaches_the_model_as_refused(connect, tmp_path):
    (tmp_path / "app.py").write_text("on disk\n", encoding="utf-8")
    async with connect(features=edits_answered(False, [])) as (client, server):
        open_document(client, tmp_path / "app.py", "unsaved\n")
        await synced(client)
        files = create_workspace_vfs(tmp_path, None, server.documents)
        ledger = ReadLedger()
        read, write = FileReadTool(files, ledger), FileWriteTool(files, ledger)
        await read.run(read.parse({"path": "app.py"}))

        written = await write.run(write.parse({"path": "app.py", "content": "edited\n"}))
        files.close()

    assert written.is_error and written.data["refused"]
    assert (tmp_path / "app.py").read_text(encoding="utf-8") == "on disk\n"
