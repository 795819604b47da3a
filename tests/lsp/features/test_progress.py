"""RequestProgress: the Progress port over $/progress, its token created lazily, its order kept."""

from __future__ import annotations

from lsprotocol import types

from orkeon_lsp.features.progress import RequestProgress, current_request_progress, report_wait


def kinds_and_messages(reports) -> list[tuple[str, str | None]]:
    return [(type(r).__name__.removeprefix("WorkDoneProgress"), getattr(r, "title", None) or r.message)
            for r in reports]


async def test_nothing_is_sent_until_something_is_reported(connect):
    async with connect() as (client, server):
        progress = RequestProgress(server, "Orkeon /x")
        await progress.finish("done")

    assert client.progress_reports == {}


async def test_a_second_begin_is_reported_under_the_first_title(connect):
    async with connect() as (client, server):
        progress = RequestProgress(server, "Orkeon /review")
        progress.begin("Reviewing", "lens correctness")
        progress.begin("Reviewing", "lens security")
        progress.report("halfway", percentage=150)
        await progress.finish("3 findings")

    (reports,) = client.progress_reports.values()
    assert kinds_and_messages(reports) == [("Begin", "Reviewing"), ("Report", "Reviewing: lens security"),
                                           ("Report", "halfway"), ("End", "3 findings")]
    assert reports[0].message == "lens correctness" and reports[2].percentage == 100


async def test_a_report_before_a_begin_opens_the_progress_with_its_title(connect):
    async with connect() as (client, server):
        progress = RequestProgress(server, "Orkeon /analyze")
        progress.report("indexing")
        await progress.finish()

    (reports,) = client.progress_reports.values()
    assert kinds_and_messages(reports)[0] == ("Begin", "Orkeon /analyze") and reports[0].message == "indexing"


async def test_after_an_end_a_new_begin_opens_a_new_token(connect):
    async with connect() as (client, server):
        progress = RequestProgress(server, "Orkeon /x")
        progress.begin("first")
        progress.end("one")
        progress.begin("second")
        await progress.finish("two")

    assert len(client.progress_reports) == 2


async def test_a_token_the_client_refuses_shows_nothing_and_breaks_nothing(connect):
    def refuse(params: types.WorkDoneProgressCreateParams) -> None:
        raise RuntimeError("no progress here")

    async with connect(features={types.WINDOW_WORK_DONE_PROGRESS_CREATE: refuse}) as (client, server):
        progress = RequestProgress(server, "Orkeon /x")
        await progress.start("begun")
        progress.report("step")
        await progress.finish("done")

    assert progress.cancelled is False and client.progress_reports == {}


async def test_a_model_calls_wait_is_reported_on_the_progress_of_the_request_that_waits(connect):
    async with connect() as (client, server):
        progress = RequestProgress(server, "Orkeon /assistant")
        report_wait("waiting for http://127.0.0.1:8080/v1: 3 s")  # outside a request: nowhere to report
        current_request_progress.set(progress)
        report_wait("waiting for http://127.0.0.1:8080/v1: 4 s")
        report_wait(None)  # the first byte came: nothing to clear on a progress
        await progress.finish()

    (reports,) = client.progress_reports.values()
    assert kinds_and_messages(reports) == [("Begin", "Orkeon /assistant"), ("End", None)]
    assert reports[0].message == "waiting for http://127.0.0.1:8080/v1: 4 s"
