"""A scripted crew through the server, with the engine's real runtime: the tool loop over the scripted model,
the permission gate asking in the editor, the VFS reading the unsaved buffer and editing it as applyEdit,
progress and cancellation.

No command of the product runs the tool loop yet (the assistant comes later), so the crew here is a
catalogue entry made by the test; everything under it is the engine's own code."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcRequestCancelled
from pygls.uris import from_fs_path

from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.engine import CommandEntry, Engine
from orkeon_engine.services.gate import gate_for_run
from tests.support.deps import make_deps
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger
from tests.support.lsp_loopback import connected, make_server
from tests.support.scripted_chat_model import Call, ScriptedChatModel

TOOLS = ["file_read", "file_write", "shell_command"]


async def run_fix(args: ParsedArgs, deps) -> CommandView:
    gate = await gate_for_run(deps.gate_ports(), "default")
    toolbox = deps.run_toolbox()
    result = await deps.require_llm().act("Fix what the person asks.", "fix app.py", toolbox.select(TOOLS),
                                          Budget(), gate)
    return CommandView(message=result.text)


FIX = CommandEntry("fix", "dev", "A scripted crew (a test command).", ArgSpec(), run_fix, launches_crew=True)


class Editor:
    """The client's side: answers the gate's questions in order, takes or refuses edits, keeps what it got."""

    def __init__(self, answers: list[str | None], take_edits: bool = True) -> None:
        self.answers = list(answers)
        self.questions: list[str] = []
        self.edits: list[types.ApplyWorkspaceEditParams] = []
        self.take_edits = take_edits

    def features(self):
        def ask(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
            self.questions.append(params.message)
            title = self.answers.pop(0)
            return None if title is None else types.MessageActionItem(title=title)

        def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
            self.edits.append(params)
            return types.ApplyWorkspaceEditResult(applied=self.take_edits)

        return {types.WINDOW_SHOW_MESSAGE_REQUEST: ask, types.WORKSPACE_APPLY_EDIT: apply_edit}


async def engine_for(server, workspace: Path, model: ScriptedChatModel, ledger: FakeUsageLedger) -> Engine:
    files = create_workspace_vfs(workspace, None, server.documents)
    deps = await make_deps(vfs=files, chat_model=model, ledger=ledger)
    deps = dataclasses.replace(deps, human=server.human, logger=server.logger, documents=server.documents)
    return Engine(deps, [FIX], files.close)


def open_in_editor(client, path: Path, text: str) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=from_fs_path(str(path)), language_id="python", version=1, text=text)))


def execute(client, msg_id: str = "fix-1"):
    params = types.ExecuteCommandParams(command="orkeon.fix", arguments=[])
    return asyncio.ensure_future(client.protocol.send_request_async(types.WORKSPACE_EXECUTE_COMMAND, params,
                                                                    msg_id=msg_id))


async def test_a_crew_reads_the_unsaved_buffer_edits_it_through_the_editor_and_hears_the_gate(tmp_path):
    (tmp_path / "app.py").write_text("on disk\n", encoding="utf-8")
    model = ScriptedChatModel([
        Call("file_read", {"path": "app.py"}),
        Call("file_write", {"path": "app.py", "content": "fixed = True\n"}),
        Call("shell_command", {"command": "make test"}),
        "fixed app.py; the tests were not run",
    ])
    editor, server = Editor(["Allow once", "Deny"]), make_server([FIX])
    engine = await engine_for(server, tmp_path, model, FakeUsageLedger())
    async with connected(server, tmp_path, features=editor.features(), engine=engine) as client:
        open_in_editor(client, tmp_path / "app.py", "unsaved = True\n")

        result = await execute(client)

    read_result, _, refusal = (list(r.tool_results().values())[-1] for r in model.requests[1:])
    assert result["message"] == "fixed app.py; the tests were not run"
    assert "unsaved = True" in read_result
    assert "app.py" in editor.questions[0] and "make test" in editor.questions[1]
    assert editor.edits[0].edit.document_changes[0].edits[0].new_text == "fixed = True\n"
    assert "refused by the person" in refusal
    assert (tmp_path / "app.py").read_text(encoding="utf-8") == "on disk\n"
    (reports,) = client.progress_reports.values()
    assert reports[0].title == "Orkeon /fix" and reports[-1].message == "fixed app.py; the tests were not run"
    steps = [r.message for r in reports if isinstance(r, types.WorkDoneProgressReport)]
    assert "400 tokens in, 80 out, $0.0040 so far; 4 model calls, 3 tool calls" in steps


async def test_an_edit_the_editor_refuses_is_reported_to_the_model_as_refused(tmp_path):
    (tmp_path / "app.py").write_text("on disk\n", encoding="utf-8")
    model = ScriptedChatModel([
        Call("file_read", {"path": "app.py"}),
        Call("file_write", {"path": "app.py", "content": "fixed\n"}),
        "could not edit",
    ])
    editor, server = Editor(["Allow once"], take_edits=False), make_server([FIX])
    engine = await engine_for(server, tmp_path, model, FakeUsageLedger())
    async with connected(server, tmp_path, features=editor.features(), engine=engine) as client:
        open_in_editor(client, tmp_path / "app.py", "unsaved\n")

        await execute(client)

    refusal = list(model.requests[2].tool_results().values())[-1]
    assert "refused" in refusal.lower() and (tmp_path / "app.py").read_text(encoding="utf-8") == "on disk\n"


async def test_a_question_nobody_answers_denies_the_call(tmp_path):
    model = ScriptedChatModel([Call("shell_command", {"command": "make deploy"}), "did not deploy"])
    editor, server = Editor([None]), make_server([FIX])
    engine = await engine_for(server, tmp_path, model, FakeUsageLedger())
    async with connected(server, tmp_path, features=editor.features(), engine=engine) as client:
        await execute(client)

    refusal = list(model.requests[1].tool_results().values())[-1]
    assert "nobody answered" in refusal


@pytest.mark.parametrize("how", ["cancelRequest", "progress cancel"])
async def test_a_running_crew_is_cancelled_and_stores_nothing_half_done(tmp_path, how):
    thinking = asyncio.Event()

    async def think_forever(request):
        thinking.set()
        await asyncio.Event().wait()

    model = ScriptedChatModel([Call("file_read", {"path": "app.py"}), think_forever])
    (tmp_path / "app.py").write_text("x = 1\n", encoding="utf-8")
    ledger, server = FakeUsageLedger(), make_server([FIX])
    engine = await engine_for(server, tmp_path, model, ledger)
    async with connected(server, tmp_path, engine=engine) as client:
        running = execute(client, msg_id="fix-9")
        await thinking.wait()
        if how == "cancelRequest":
            client.cancel_request(types.CancelParams(id="fix-9"))
        else:
            (token,) = client.progress_reports
            client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
        with pytest.raises(JsonRpcRequestCancelled):
            await running
        entries = await engine.deps.session.entries()

    (reports,) = client.progress_reports.values()
    assert reports[-1].message == "cancelled"
    assert len(ledger.records) == 1  # the first turn, finished; the turn in flight left nothing
    assert entries == []
