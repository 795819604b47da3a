"""End to end: the shared memory through the real language server. /memory admit asks each candidate as
window/showMessageRequest and writes what the editor's person admitted; /memory search finds it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lsprotocol import types

from tests.support.lsp_session import run_command

PROPOSALS = """# Proposals

## Quote every path the shell tool gets
tags: shell
A path with a space was split into two arguments.

## Push after every batch
CI runs more often.
"""


def answering(*titles: str | None) -> tuple[dict[str, Any], list[types.ShowMessageRequestParams]]:
    asked: list[types.ShowMessageRequestParams] = []
    answers = list(titles)

    def answer(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        asked.append(params)
        title = answers.pop(0) if answers else None
        return None if title is None else types.MessageActionItem(title=title)

    return {types.WINDOW_SHOW_MESSAGE_REQUEST: answer}, asked


def memory_files(workspace: Path) -> list[str]:
    folder = workspace / ".orkeon" / "memory"
    return sorted(path.name for path in folder.iterdir()) if folder.exists() else []


async def test_admit_asks_in_the_editor_and_writes_what_was_admitted(start_server, workspace):
    (workspace / "PROPOSALS.md").write_text(PROPOSALS, encoding="utf-8")
    features, asked = answering("Admit", "Refuse")
    client = await start_server(features=features)

    result = await run_command(client, "memory", "admit")

    assert [a.title for a in asked[0].actions] == ["Admit", "Refuse", "Later", "Stop"]
    assert "Quote every path the shell tool gets" in asked[0].message
    assert result["message"] == "1 admitted, 1 refused of 2 candidates"
    assert memory_files(workspace) == ["_refused.md", "quote-every-path-the-shell-tool-gets.md"]


async def test_a_question_nobody_answers_writes_nothing(start_server, workspace):
    (workspace / "PROPOSALS.md").write_text(PROPOSALS, encoding="utf-8")
    features, asked = answering(None)
    client = await start_server(features=features)

    result = await run_command(client, "memory", "admit")

    assert len(asked) == 1 and result["message"].startswith("nobody answered")
    assert memory_files(workspace) == []


async def test_search_shows_an_entry_committed_to_the_memory_folder(start_server, workspace):
    folder = workspace / ".orkeon" / "memory"
    folder.mkdir(parents=True)
    (folder / "jobs.md").write_text("---\ntitle: Long commands belong in a job\ntags: [shell]\n---\n"
                                    "A test suite that runs for minutes blocks the turn.\n", encoding="utf-8")
    client = await start_server()

    result = await run_command(client, "memory", "search", "suite", "blocks", "--limit", "3")

    assert result["table"]["rows"][0][2:] == ["Long commands belong in a job", ".orkeon/memory/jobs.md"]
