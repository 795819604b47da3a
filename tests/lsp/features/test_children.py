"""Child agents in the editor, in process: a child's progress line whose cancel marks it cancelled, and the
view of an ended child (its report as a document, how it ended as a message)."""

from __future__ import annotations

from datetime import UTC, datetime

from orkeon_engine.domain.agents.children import ChildRecord
from orkeon_engine.domain.model.chat import Usage
from orkeon_lsp.features.children import ChildProgress, ended_view

WHEN = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


async def test_a_cancel_on_a_childs_progress_token_marks_that_progress_cancelled(connect):
    async with connect() as (client, server):
        progress = ChildProgress(server, "Orkeon dev-reviewer")
        progress.begin("Orkeon c1 dev-reviewer", "Review plan.md")
        await progress.settle()
        (token,) = client.progress_reports

        routed = server.cancellations.cancel_token(str(token))
        await progress.finish("stopped")

    assert routed and progress.cancelled
    assert client.progress_reports[token][0].title == "Orkeon c1 dev-reviewer"


async def test_once_its_line_ends_a_childs_token_is_forgotten(connect):
    async with connect() as (client, server):
        progress = ChildProgress(server, "Orkeon dev-auditor")
        progress.begin("Orkeon c2 dev-auditor")
        await progress.finish("done")
        (token,) = client.progress_reports

    assert server.cancellations.cancel_token(str(token)) is False


def test_an_ended_childs_report_is_a_document_and_how_it_ended_a_message():
    record = ChildRecord(id=3, session_id="s1", charter="dev-reviewer", mode="plan", brief="Review plan.md",
                         state="failed", started=WHEN, usage=Usage(900, 100, cost=0.002), detail="the budget is spent")

    view = ended_view(record)

    assert view.message == "c3 dev-reviewer failed (1,000 tokens, $0.0020): the budget is spent"
    assert view.document.title == "c3 dev-reviewer report"
    assert view.document.content.startswith("(it left no report)")
