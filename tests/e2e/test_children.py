"""End to end: the assistant spawns background reviewers through the real server, the model played by the
loopback stub (each child on its own steps, picked by its brief).

The assistant's turn starts two `dev-reviewer` children in the background and answers at once; each child
shows as its own `$/progress` named after it; the first reports, and its report reaches the client as a
document and a message; `orkeon.tasks` lists both; `orkeon.tasks stop c2` stops the second, whose stop
reaches the client the same way.
"""

from __future__ import annotations

import asyncio
from typing import Any

from lsprotocol import types
from pygls.uris import to_fs_path

from tests.support.lsp_session import run_command
from tests.support.stub_openai_server import StubOpenAIServer

PLAN_BRIEF = "Review plan.md: which step has no test?"
SPEC_BRIEF = "Review spec.md for the questions it leaves open"
SCRIPT = [
    {"tool_calls": [
        {"name": "spawn_agent", "arguments": {"brief": PLAN_BRIEF, "charter": "dev-reviewer", "background": True}},
        {"name": "spawn_agent", "arguments": {"brief": SPEC_BRIEF, "charter": "dev-reviewer", "background": True}},
    ], "content": None},
    {"when": PLAN_BRIEF, "content": "Step 2 of plan.md has no test (plan.md:3)."},
    {"when": SPEC_BRIEF, "hang": 60},
    {"content": "Two reviewers are at work; their reports will follow."},
]


async def _until_message(client: Any, text: str, seconds: float = 90) -> types.ShowMessageParams:
    async def wait() -> types.ShowMessageParams:
        while True:
            found = [m for m in client.messages if text in m.message]
            if found:
                return found[0]
            await client.wait_for_notification(types.WINDOW_SHOW_MESSAGE)

    return await asyncio.wait_for(wait(), seconds)


def _begun(client: Any) -> dict[str, list[Any]]:
    """The progress reports by the title of their begin."""
    return {reports[0].title: reports for reports in client.progress_reports.values()
            if reports and isinstance(reports[0], types.WorkDoneProgressBegin)}


async def test_background_reviewers_show_their_progress_and_reports_and_one_is_stopped(start_server, workspace):
    (workspace / "plan.md").write_text("# Plan\n1. split the parser\n2. move the lexer\n", encoding="utf-8")
    (workspace / "spec.md").write_text("# Spec\n", encoding="utf-8")
    with StubOpenAIServer(SCRIPT) as stub:
        client = await start_server(env={"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url})

        answer = await run_command(client, "assistant", "have the plan and the spec reviewed")
        done = await _until_message(client, "c1 dev-reviewer done")
        listed = await run_command(client, "tasks")
        stopped = await run_command(client, "tasks", "stop", "c2")
        ended = await _until_message(client, "c2 dev-reviewer stopped")

    assert answer["message"].startswith("Two reviewers are at work")
    titles = _begun(client)
    assert {"Orkeon c1 dev-reviewer", "Orkeon c2 dev-reviewer"} <= set(titles)
    assert titles["Orkeon c2 dev-reviewer"][-1].message == "stopped"
    shown = [to_fs_path(document.uri) for document in client.shown_documents]
    report = workspace / ".orkeon" / "local" / "output" / "child-c1-dev-reviewer-report.md"
    assert str(report) in shown
    assert report.read_text(encoding="utf-8").startswith("# c1 dev-reviewer report\n\nStep 2 of plan.md has no test")
    assert done.message.startswith("c1 dev-reviewer done (")
    states = {row[0]: row[2] for row in listed["table"]["rows"] if row[0].startswith("c")}
    assert states == {"c1": "done", "c2": "running"}
    assert stopped["message"] == "stopped c2 dev-reviewer: it ends as stopped."
    assert ended.message.startswith("c2 dev-reviewer stopped (") and ended.message.endswith("by /tasks stop")
