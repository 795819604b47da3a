"""End to end: checkpoints through the real language server, its model played by the loopback stub.

The assistant rewrites cart.py, which the editor holds open with unsaved text; the edit reaches the buffer
as workspace/applyEdit (the disk is untouched) and creates tax.py on disk. `orkeon.undo` takes the turn
back: the buffer gets its unsaved text back through workspace/applyEdit, tax.py is removed, and the disk's
cart.py is never written. Once the person types in the buffer after the assistant's edit, `orkeon.undo`
is refused naming cart.py, and nothing is sent to the editor. `orkeon.rewind` lists the turn.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import from_fs_path

from tests.e2e.test_assistant import Editor, open_in_editor
from tests.support.lsp_session import run_command
from tests.support.stub_openai_server import StubOpenAIServer

SCRIPT = [
    {"tool_calls": [{"name": "file_read", "arguments": {"path": "cart.py"}}], "content": None},
    {"tool_calls": [{"name": "file_write", "arguments": {"path": "cart.py", "content": "TAX = 0.21\n"}}],
     "content": None},
    {"tool_calls": [{"name": "file_write", "arguments": {"path": "tax.py", "content": "RATE = 0.21\n"}}],
     "content": None},
    {"content": "cart.py now sets TAX to 0.21."},
]
UNSAVED = "TAX = 0.2  # unsaved\n"


async def _edited(start_server, workspace: Path, editor: Editor, stub: StubOpenAIServer):
    (workspace / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    client = await start_server(features=editor.features(),
                                env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})
    open_in_editor(client, workspace / "cart.py", UNSAVED)
    turn = await run_command(client, "assistant", "mode:acceptEdits set the tax to 0.21 in cart.py")
    return client, turn


def _new_texts(editor: Editor) -> list[str]:
    return [change.edits[0].new_text for params in editor.edits for change in params.edit.document_changes]


async def test_undo_gives_the_buffer_its_unsaved_text_back_and_removes_the_created_file(start_server, workspace):
    editor = Editor()
    with StubOpenAIServer(SCRIPT) as stub:
        client, turn = await _edited(start_server, workspace, editor, stub)

        listed = await run_command(client, "rewind")
        undone = await run_command(client, "undo")

    assert "checkpoint: turn 1 changed cart.py, tax.py (/undo takes it back, /rewind lists the turns)" in turn["lines"]
    assert listed["lines"] == ["1. set the tax to 0.21 in cart.py | cart.py, tax.py (created)"]
    assert _new_texts(editor) == ["TAX = 0.21\n", UNSAVED]
    assert undone["lines"] == ["restored cart.py", "removed tax.py (the assistant created it)"]
    assert not (workspace / "tax.py").exists()
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.2\n"


async def test_undo_is_refused_naming_the_file_the_person_typed_in_since(start_server, workspace):
    editor = Editor()
    with StubOpenAIServer(SCRIPT) as stub:
        client, _ = await _edited(start_server, workspace, editor, stub)
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=from_fs_path(str(workspace / "cart.py")),
                                                                version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="TAX = 0.25  # mine\n")]))

        with pytest.raises(JsonRpcException) as refused:
            await run_command(client, "undo")

    assert "cart.py no longer holds what the turn left" in refused.value.message
    assert _new_texts(editor) == ["TAX = 0.21\n"]
    assert (workspace / "tax.py").read_text(encoding="utf-8") == "RATE = 0.21\n"
