"""End to end: the assistant through the real server, its model played by the loopback stub.

`orkeon.assistant` in the default mode: the scripted model reads a file the editor holds open (its unsaved
buffer, not the disk), rewrites it with file_write, the gate asks the person through
window/showMessageRequest, the answer "Allow once" lets the edit through, and the edit reaches the buffer as
workspace/applyEdit; the one-line answer comes back as the message alone (no file opened), with progress
naming each call as it happens (its action line), tokens and cost. A client that declares no window
capability is asked all the same.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path

from tests.support.lsp_session import bare_capabilities, run_command
from tests.support.stub_openai_server import StubOpenAIServer


class Editor:
    """The client's side: answers the gate's questions, takes the edits, keeps what it was sent."""

    def __init__(self, *answers: str | None) -> None:
        self.answers = list(answers)
        self.questions: list[types.ShowMessageRequestParams] = []
        self.edits: list[types.ApplyWorkspaceEditParams] = []

    def features(self) -> dict[str, Any]:
        def ask(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
            self.questions.append(params)
            title = self.answers.pop(0) if self.answers else None
            return None if title is None else types.MessageActionItem(title=title)

        def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
            self.edits.append(params)
            return types.ApplyWorkspaceEditResult(applied=True)

        return {types.WINDOW_SHOW_MESSAGE_REQUEST: ask, types.WORKSPACE_APPLY_EDIT: apply_edit}


def open_in_editor(client: Any, path: Path, text: str) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=from_fs_path(str(path)), language_id="python", version=1, text=text)))


SCRIPT = [
    {"tool_calls": [{"name": "file_read", "arguments": {"path": "cart.py"}}], "content": None},
    {"tool_calls": [{"name": "file_write", "arguments": {"path": "cart.py", "content": "TAX = 0.21\n"}}],
     "content": None},
    {"content": "cart.py now sets TAX to 0.21."},
]


async def test_the_assistant_edits_an_open_file_once_the_person_allows_it(start_server, workspace):
    (workspace / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    (workspace / ".orkeon").mkdir()
    (workspace / ".orkeon" / "config.json").write_text('{"model.pricing": {"input": 1, "output": 2}}')
    editor = Editor("Allow once")
    with StubOpenAIServer(SCRIPT) as stub:
        client = await start_server(features=editor.features(),
                                    env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})
        open_in_editor(client, workspace / "cart.py", "TAX = 0.2  # unsaved\n")

        result = await run_command(client, "assistant", "set the tax to 0.21 in cart.py")
        requests = list(stub.requests)

    assert result["message"].startswith("cart.py now sets TAX to 0.21.")
    assert result["lines"][0] == "mode: default, the default, as no mode is set"
    assert "TAX = 0.2  # unsaved" in requests[1]["messages"][-1]["content"]
    assert len(editor.questions) == 1 and "file_write" in editor.questions[0].message
    assert "Allow once" in [action.title for action in editor.questions[0].actions]
    (change,) = editor.edits[0].edit.document_changes
    assert to_fs_path(change.text_document.uri) == str(workspace / "cart.py")
    assert change.edits[0].new_text == "TAX = 0.21\n"
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.2\n"
    assert result["output"] is None and client.shown_documents == []  # a one-line answer opens no file
    (reports,) = client.progress_reports.values()
    messages = [getattr(report, "message", "") or "" for report in reports]
    assert "Read cart.py (1 line)" in messages and "Write cart.py +1 −1" in messages, messages
    assert any("3 model calls" in m and "tokens in" in m and "$0.0" in m for m in messages), messages
    assert not any(m.startswith("step ") for m in messages), messages  # the turn's bookkeeping is logged only


async def test_a_client_that_declares_no_window_capabilities_still_gets_the_question(start_server, workspace):
    (workspace / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    editor = Editor("Allow once")
    with StubOpenAIServer(SCRIPT) as stub:
        client = await start_server(capabilities=bare_capabilities(), features=editor.features(),
                                    env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})

        result = await run_command(client, "assistant", "set the tax to 0.21 in cart.py")

    assert len(editor.questions) == 1 and "file_write" in editor.questions[0].message
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.21\n"
    assert result["message"].startswith("cart.py now sets TAX to 0.21.") and result["output"] is None


async def test_a_call_the_model_writes_in_its_content_runs_and_the_answer_holds_no_blob(start_server, workspace):
    (workspace / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    call = '{"name": "file_write", "arguments": {"path": "cart.py", "content": "TAX = 0.21\\n"}}'
    blob = f"<tool_call>\n{call}\n</tool_call>"
    editor = Editor("Allow once")
    with StubOpenAIServer([{"content": blob}, {"content": "cart.py now sets TAX to 0.21."}]) as stub:
        client = await start_server(features=editor.features(),
                                    env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})

        result = await run_command(client, "assistant", "set the tax to 0.21 in cart.py")

    assert len(editor.questions) == 1 and "file_write" in editor.questions[0].message
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.21\n"
    assert result["message"].startswith("cart.py now sets TAX to 0.21.")
    assert "<tool_call>" not in json.dumps(result) and '\\"arguments\\"' not in json.dumps(result)
