"""End to end: `orkeon.review` on a temporary git repository with a staged change, the model played by the
loopback stub server; its findings as diagnostics, a suggestion applied, an edit followed, a restart survived.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.uris import from_fs_path
from pytest_lsp import LanguageClient
from pytest_lsp.client import make_test_lsp_client

from tests.support.lsp_code_actions import repair_code_action_results
from tests.support.lsp_session import full_capabilities, run_command, server_env
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import git, make_repo

OLD = "import os\n\n\ndef load(path):\n    return None\n"
NEW = ("import os\n\n\ndef load(path):\n    handle = open(path)\n    data = handle.read()\n    return data\n\n\n"
       "def size(path):\n    return os.stat(path).st_size / 0\n")
LEAK = {"path": "app.py", "line": 5, "quote": "    handle = open(path)", "severity": "high",
        "title": "The file is never closed", "detail": "Use a with block.",
        "replacement": "    with open(path) as handle:\n        data = handle.read()", "end_line": 6}
ZERO = {"path": "app.py", "line": 10, "quote": "return os.stat(path).st_size / 0", "severity": "blocker",
        "title": "Division by zero", "detail": "size always raises."}
WRONG = {"path": "app.py", "line": 4, "quote": "os.remove(path)", "severity": "low",  # on no added line
         "title": "A quote that is not in the diff"}


def _reply(*findings: dict[str, Any]) -> dict[str, Any]:
    return {"content": json.dumps({"findings": list(findings)})}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = make_repo(tmp_path / "repo", {"app.py": OLD})
    (root / "app.py").write_text(NEW, encoding="utf-8")
    git(root, "add", "app.py")
    return root


@pytest.fixture
def stub() -> Any:
    with StubOpenAIServer([_reply(LEAK, ZERO, WRONG)], default=_reply()) as server:
        yield server


@pytest_asyncio.fixture
async def start(tmp_path: Path, repo: Path, stub: Any) -> AsyncIterator[Callable[..., Any]]:
    running: list[LanguageClient] = []
    env = {"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url}

    async def start_one() -> LanguageClient:
        client = make_test_lsp_client()
        repair_code_action_results(client)
        await client.start_io(sys.executable, "-m", "orkeon_lsp", env=server_env(tmp_path, **env), cwd=str(tmp_path))
        running.append(client)
        await client.initialize_session(types.InitializeParams(
            capabilities=full_capabilities(),
            root_uri=from_fs_path(str(repo)),
            workspace_folders=[types.WorkspaceFolder(uri=from_fs_path(str(repo)), name="repo")],
        ))
        return client

    async def stop(client: LanguageClient) -> None:
        running.remove(client)
        await client.shutdown_session()
        await client.stop()

    start_one.stop = stop  # type: ignore[attr-defined]
    yield start_one
    for client in list(running):
        await stop(client)


async def _diagnostics(client: LanguageClient, uri: str, count: int, timeout: float = 20.0) -> list[Any]:
    """The diagnostics last published for `uri`, once there are `count` of them."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        published = client.diagnostics.get(uri)
        if published is not None and len(published) == count:
            return list(published)
        await asyncio.sleep(0.05)
    raise AssertionError(f"{uri}: expected {count} diagnostics, have {client.diagnostics.get(uri)}")


def _by_code_line(diagnostics: list[Any]) -> list[tuple[str, int, Any]]:
    return sorted((d.code, d.range.start.line, d.severity) for d in diagnostics)


def _open(client: LanguageClient, uri: str, text: str) -> None:
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))


def _edit(client: LanguageClient, uri: str, version: int, edit: types.TextEdit) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)]))


async def test_a_review_shows_its_findings_on_the_right_lines_and_follows_the_text(start, repo):
    client = await start()
    uri = from_fs_path(str(repo / "app.py"))

    result = await run_command(client, "review", "--lens", "correctness")
    published = await _diagnostics(client, uri, 2)

    assert result["lines"] == ["app.py:5: high [correctness] The file is never closed",
                               "app.py:11: blocker [correctness] Division by zero"]
    assert "1 dropped" in result["message"]
    assert _by_code_line(published) == [("correctness", 4, types.DiagnosticSeverity.Error),
                                        ("correctness", 10, types.DiagnosticSeverity.Error)]
    assert all(d.source == "orkeon" and d.data["id"] for d in published)

    _open(client, uri, NEW)
    _edit(client, uri, 2, types.TextEdit(types.Range(types.Position(0, 0), types.Position(0, 0)), "# one\n# two\n"))
    moved = await _wait_for_lines(client, uri, [6, 12])

    assert [d.range.start.line for d in moved] == [6, 12]


async def _wait_for_lines(client: LanguageClient, uri: str, lines: list[int], timeout: float = 20.0) -> list[Any]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        published = sorted(client.diagnostics.get(uri, []), key=lambda d: d.range.start.line)
        if [d.range.start.line for d in published] == lines:
            return published
        await asyncio.sleep(0.05)
    raise AssertionError(f"{uri}: expected diagnostics on lines {lines}, have {client.diagnostics.get(uri)}")


async def test_applying_a_suggestion_replaces_the_quoted_lines_and_removes_the_finding(start, repo):
    client = await start()
    uri = from_fs_path(str(repo / "app.py"))
    await run_command(client, "review", "--lens", "correctness")
    leak = next(d for d in await _diagnostics(client, uri, 2) if d.range.start.line == 4)
    _open(client, uri, NEW)

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=leak.range,
        context=types.CodeActionContext(diagnostics=[leak])))
    apply = next(a for a in actions if a.title.startswith("Apply suggestion"))
    edit = apply.edit.changes[uri][0]
    _edit(client, uri, 2, edit)
    remaining = await _diagnostics(client, uri, 1)

    ask = next(a for a in actions if a.title == "Ask Orkeon to fix")
    assert [a.title.split(":")[0] for a in actions] == ["Apply suggestion", "Ask Orkeon to fix", "Dismiss"]
    assert ask.command.command == "orkeon.assistant" and "app.py:5" in ask.command.arguments[0]
    assert edit.new_text == "    with open(path) as handle:\n        data = handle.read()\n"
    assert (edit.range.start.line, edit.range.end.line) == (4, 6)
    assert [d.range.start.line for d in remaining] == [10]


async def test_the_findings_come_back_after_a_restart_and_go_with_clear(start, repo):
    first = await start()
    uri = from_fs_path(str(repo / "app.py"))
    await run_command(first, "review", "--lens", "correctness")
    await _diagnostics(first, uri, 2)
    await start.stop(first)

    second = await start()
    restored = await _diagnostics(second, uri, 2)
    await run_command(second, "review", "--clear")
    cleared = await _diagnostics(second, uri, 0)

    assert _by_code_line(restored)[0][:2] == ("correctness", 4)
    assert cleared == []


async def test_a_typo_in_a_flagged_line_hides_its_finding_and_the_undo_shows_it_again(start, repo):
    client = await start()
    uri = from_fs_path(str(repo / "app.py"))
    await run_command(client, "review", "--lens", "correctness")
    await _diagnostics(client, uri, 2)
    _open(client, uri, NEW)

    _edit(client, uri, 2, types.TextEdit(types.Range(types.Position(4, 10), types.Position(4, 10)), "x"))
    hidden = await _wait_for_lines(client, uri, [10])
    _edit(client, uri, 3, types.TextEdit(types.Range(types.Position(4, 10), types.Position(4, 11)), ""))
    shown = await _wait_for_lines(client, uri, [4, 10])

    assert [d.range.start.line for d in hidden] == [10]
    assert [d.code for d in shown] == ["correctness", "correctness"]


async def test_code_actions_answer_only_the_kinds_asked_for(start, repo):
    client = await start()
    uri = from_fs_path(str(repo / "app.py"))
    await run_command(client, "review", "--lens", "correctness")
    leak = next(d for d in await _diagnostics(client, uri, 2) if d.range.start.line == 4)

    def ask(only: list[str] | None) -> Any:
        return client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=leak.range,
            context=types.CodeActionContext(diagnostics=[leak], only=only)))

    source, fixes = await ask([types.CodeActionKind.Source]), await ask([types.CodeActionKind.QuickFix])

    assert source is None
    assert [a.title.split(":")[0] for a in fixes] == ["Apply suggestion", "Ask Orkeon to fix", "Dismiss"]
