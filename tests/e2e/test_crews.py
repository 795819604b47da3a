"""End to end: crews of the product through the real server, with the model played by the loopback stub.

/commit asks its confirmation in the editor (window/showMessageRequest) and an edited message as free
text (orkeon/input); /init reads AGENTS.md from the editor's unsaved buffer, writes it back as
workspace/applyEdit, opens its document, and reports progress; a crew waiting on the model is cancelled.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcRequestCancelled
from pygls.uris import from_fs_path, to_fs_path
from pytest_lsp import LanguageClient

from tests.support.lsp_session import full_capabilities, run_command
from tests.support.stub_openai_server import StubOpenAIServer

DRAFT = {"type": "fix", "scope": "cart", "subject": "round the tax to whole cents",
         "body": "Totals were off by a cent on some carts.", "breaking": False}
COMMIT_MESSAGE = "fix(cart): round the tax to whole cents\n\nTotals were off by a cent on some carts."


def model_env(stub: StubOpenAIServer) -> dict[str, str]:
    return {"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url}


def git(folder: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True, timeout=60)
    return done.stdout


@pytest.fixture
def repository(workspace: Path) -> Path:
    git(workspace, "init", "-q", "-b", "main")
    git(workspace, "config", "user.name", "Ana Tester")
    git(workspace, "config", "user.email", "ana@example.com")
    (workspace / "cart.py").write_text("TAX = 0.2\n", encoding="utf-8")
    git(workspace, "add", "cart.py")
    git(workspace, "commit", "-q", "-m", "chore: start")
    (workspace / "cart.py").write_text("TAX = 0.21\n", encoding="utf-8")
    return workspace


def answering(*titles: str | None) -> tuple[dict[str, Any], list[types.ShowMessageRequestParams]]:
    asked: list[types.ShowMessageRequestParams] = []
    answers = list(titles)

    def answer(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        asked.append(params)
        title = answers.pop(0)
        return None if title is None else types.MessageActionItem(title=title)

    return {types.WINDOW_SHOW_MESSAGE_REQUEST: answer}, asked


def subjects(folder: Path) -> list[str]:
    return git(folder, "log", "--format=%s").splitlines()


async def test_commit_asks_in_the_editor_and_commits_on_the_answer(start_server, repository):
    features, asked = answering("Commit")
    with StubOpenAIServer([{"content": json.dumps(DRAFT)}]) as stub:
        client = await start_server(features=features, env=model_env(stub))

        result = await run_command(client, "commit")

    assert [a.title for a in asked[0].actions] == ["Commit", "Edit message", "Cancel"]
    assert "round the tax to whole cents" in asked[0].message
    assert result["message"].startswith("committed ")
    assert subjects(repository)[0] == "fix(cart): round the tax to whole cents"
    (reports,) = client.progress_reports.values()
    assert reports[0].title == "Orkeon /commit" and isinstance(reports[-1], types.WorkDoneProgressEnd)
    assert any(getattr(r, "message", None) == "drafting the message" for r in reports)


async def test_a_confirmation_nobody_answers_commits_nothing(start_server, repository):
    features, asked = answering(None)
    with StubOpenAIServer([{"content": json.dumps(DRAFT)}]) as stub:
        client = await start_server(features=features, env=model_env(stub))

        result = await run_command(client, "commit")

    assert len(asked) == 1 and "nothing was staged or committed" in result["message"]
    assert subjects(repository) == ["chore: start"]


async def test_a_client_that_cannot_answer_the_question_gets_the_safe_answer_and_a_log_line(start_server, repository):
    with StubOpenAIServer([{"content": json.dumps(DRAFT)}]) as stub:
        client = await start_server(capabilities=types.ClientCapabilities(), env=model_env(stub))

        result = await run_command(client, "commit")

    assert "nothing was staged or committed" in result["message"]
    assert any("window/showMessageRequest failed" in m.message and "taken as no answer" in m.message
               for m in client.log_messages)
    assert subjects(repository) == ["chore: start"]


async def test_an_edited_message_is_asked_as_free_text(start_server, repository):
    features, _ = answering("Edit message")
    typed: list[Any] = []

    def type_message(ls: LanguageClient, params: Any) -> str:
        typed.append(params)
        return "fix(cart): keep the tax in cents\n\nThe person wrote this one."

    features["orkeon/input"] = type_message
    with StubOpenAIServer([{"content": json.dumps(DRAFT)}]) as stub:
        client = await start_server(features=features, env=model_env(stub),
                                    capabilities=full_capabilities(orkeonInput=True))

        result = await run_command(client, "commit")

    assert typed[0].question == "Commit message" and typed[0].default == COMMIT_MESSAGE
    assert result["message"].startswith("committed ")
    assert subjects(repository)[0] == "fix(cart): keep the tax in cents"


async def test_init_reads_the_unsaved_buffer_and_edits_it_through_the_editor(start_server, workspace):
    agents = workspace / "AGENTS.md"
    agents.write_text("# Agents\n\nsaved text\n", encoding="utf-8")
    edits: list[types.ApplyWorkspaceEditParams] = []

    def apply_edit(params: types.ApplyWorkspaceEditParams) -> types.ApplyWorkspaceEditResult:
        edits.append(params)
        return types.ApplyWorkspaceEditResult(applied=True)

    draft = "# AGENTS.md\n\n- Run `make test` before every commit.\n"
    with StubOpenAIServer([{"content": draft}]) as stub:
        client = await start_server(features={types.WORKSPACE_APPLY_EDIT: apply_edit}, env=model_env(stub))
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=from_fs_path(str(agents)), language_id="markdown", version=3,
            text="# Agents\n\n- Never push on Fridays (unsaved).\n")))

        result = await run_command(client, "init")
        prompt = json.dumps(stub.requests[0]["messages"])

    (document_edit,) = edits[0].edit.document_changes
    assert "Never push on Fridays (unsaved)." in prompt and "saved text" not in prompt
    assert document_edit.text_document.version == 3
    assert "Run `make test` before every commit." in document_edit.edits[0].new_text
    assert agents.read_text(encoding="utf-8") == "# Agents\n\nsaved text\n"
    shown = [to_fs_path(d.uri) for d in client.shown_documents]
    assert shown == [to_fs_path(result["output"])] and Path(shown[0]).parent.name == "output"
    (reports,) = client.progress_reports.values()
    steps = [r.message for r in reports if isinstance(r, types.WorkDoneProgressReport)]
    assert steps[0] == "init 1/4: reading the instruction and configuration files"
    assert steps[-1] == "init 4/4: writing AGENTS.md with the model"


async def test_a_crew_waiting_on_the_model_is_cancelled_and_writes_nothing(start_server, workspace):
    with StubOpenAIServer([{"hang": 60}]) as stub:
        client = await start_server(env=model_env(stub))
        params = types.ExecuteCommandParams(command="orkeon.init", arguments=[])
        running = asyncio.ensure_future(client.protocol.send_request_async(
            types.WORKSPACE_EXECUTE_COMMAND, params, msg_id="init-1"))
        while not stub.requests:  # the model call is in flight
            await asyncio.sleep(0.05)

        client.cancel_request(types.CancelParams(id="init-1"))
        with pytest.raises(JsonRpcRequestCancelled):
            await asyncio.wait_for(running, 60)
        after = await run_command(client, "status")

    (reports,) = client.progress_reports.values()
    assert reports[-1].message == "cancelled"
    assert not (workspace / "AGENTS.md").exists() and "version" in json.dumps(after)
