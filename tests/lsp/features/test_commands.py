"""The command requests' machinery against a real client: progress per request, the two ways to cancel a
running crew, a quick command answering meanwhile, and the errors answered.

The catalogue here is made by the tests (a crew that reports steps then waits, a quick command): what is
under test is the server's handling of any command, not a command of the product."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcRequestCancelled

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.engine import CommandEntry, Engine
from orkeon_lsp.features.commands import REQUEST_FAILED
from orkeon_lsp.features.commands import execute as execute_command
from tests.support.deps import make_deps
from tests.support.lsp_loopback import connected, make_server
from tests.support.lsp_session import bare_capabilities


class WaitingCrew:
    """A crew's use case: reports two steps, then waits until released; records how it ended."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.release = asyncio.Event()
        self.outcome = ""
        self.saw_cancelled_flag = False

    async def run(self, args: ParsedArgs, deps) -> CommandView:
        deps.progress.begin("Reviewing", "reading the diff")
        deps.progress.report("lens 1 of 2: 1,200 tokens, $0.002", 50)
        self.started.set()
        try:
            await self.release.wait()
        except asyncio.CancelledError:
            self.outcome = "cancelled"
            self.saw_cancelled_flag = deps.progress.cancelled
            raise
        self.outcome = "finished"
        return CommandView(message="2 findings")


async def quick(args: ParsedArgs, deps) -> CommandView:
    return CommandView(message="quick answer")


async def quiet_with_progress(args: ParsedArgs, deps) -> CommandView:
    deps.progress.report("one step")
    return CommandView(message="done")


def catalogue(crew: WaitingCrew) -> list[CommandEntry]:
    return [
        CommandEntry("wait", "dev", "A crew that waits.", ArgSpec(), crew.run, launches_crew=True),
        CommandEntry("quick", "status", "A quick command.", ArgSpec(), quick),
        CommandEntry("stepper", "status", "A quick command that reports a step.", ArgSpec(), quiet_with_progress),
    ]


def execute(client, name: str, msg_id: str | None = None):
    params = types.ExecuteCommandParams(command=f"orkeon.{name}", arguments=[])
    return asyncio.ensure_future(client.protocol.send_request_async(types.WORKSPACE_EXECUTE_COMMAND, params,
                                                                    msg_id=msg_id))


def kinds(reports) -> list[str]:
    return [type(value).__name__.removeprefix("WorkDoneProgress") for value in reports]


async def test_a_crew_request_reports_begin_its_steps_and_end(connect):
    crew = WaitingCrew()
    async with connect(catalogue(crew)) as (client, server):
        running = execute(client, "wait")
        await crew.started.wait()
        crew.release.set()
        result = await running

    (reports,) = client.progress_reports.values()
    assert result["message"] == "2 findings"
    assert kinds(reports) == ["Begin", "Report", "Report", "End"]
    assert reports[0].title == "Orkeon /wait" and reports[0].cancellable is True
    assert reports[1].message == "Reviewing: reading the diff"
    assert reports[2].message == "lens 1 of 2: 1,200 tokens, $0.002" and reports[2].percentage == 50
    assert reports[3].message == "2 findings"


async def test_a_quick_command_opens_no_progress(connect):
    async with connect(catalogue(WaitingCrew())) as (client, server):
        await execute(client, "quick")

    assert client.progress_reports == {}


async def test_a_command_that_reports_opens_its_progress_when_it_does(connect):
    async with connect(catalogue(WaitingCrew())) as (client, server):
        await execute(client, "stepper")

    (reports,) = client.progress_reports.values()
    assert kinds(reports) == ["Begin", "End"] and reports[0].message == "one step"


async def test_a_client_without_progress_support_gets_no_progress(connect):
    crew = WaitingCrew()
    async with connect(catalogue(crew), capabilities=bare_capabilities()) as (client, server):
        running = execute(client, "wait")
        await crew.started.wait()
        crew.release.set()
        await running

    assert client.progress_reports == {}


async def test_cancel_request_stops_the_crew_and_answers_request_cancelled(connect):
    crew = WaitingCrew()
    async with connect(catalogue(crew)) as (client, server):
        running = execute(client, "wait", msg_id="crew-1")
        await crew.started.wait()

        client.cancel_request(types.CancelParams(id="crew-1"))
        with pytest.raises(JsonRpcRequestCancelled):
            await running

    (reports,) = client.progress_reports.values()
    assert crew.outcome == "cancelled" and crew.saw_cancelled_flag
    assert kinds(reports)[-1] == "End" and reports[-1].message == "cancelled"


async def test_the_progress_cancel_button_stops_the_crew_too(connect):
    crew = WaitingCrew()
    async with connect(catalogue(crew)) as (client, server):
        running = execute(client, "wait")
        await crew.started.wait()
        (token,) = client.progress_reports

        client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
        with pytest.raises(JsonRpcRequestCancelled):
            await running

    assert crew.outcome == "cancelled"


async def test_a_quick_command_answers_while_a_crew_runs(connect):
    crew = WaitingCrew()
    async with connect(catalogue(crew)) as (client, server):
        running = execute(client, "wait")
        await crew.started.wait()

        answer = await execute(client, "quick")
        still_running = not running.done()
        crew.release.set()
        await running

    assert answer["message"] == "quick answer" and still_running


async def test_shutdown_cancels_the_running_crew(connect):
    crew = WaitingCrew()
    async with connect(catalogue(crew)) as (client, server):
        running = execute(client, "wait")
        await crew.started.wait()

    with pytest.raises(JsonRpcException):
        await running
    assert crew.outcome == "cancelled"


async def test_a_request_before_the_engine_exists_answers_request_failed():
    server = make_server([])

    with pytest.raises(JsonRpcException) as raised:
        await execute_command(server, "quick", ())

    assert raised.value.code == REQUEST_FAILED and "not been initialized" in raised.value.message


GATE_ANSWERS = ["Allow once", "Allow for this session", "Always allow: shell_command(make:*)", "Deny"]


async def asking(args: ParsedArgs, deps) -> CommandView:
    answer = await deps.human.choose("Run `make test`?", GATE_ANSWERS)
    return CommandView(message=f"answer: {answer}")


def asking_catalogue() -> list[CommandEntry]:
    return [CommandEntry("ask", "dev", "A crew that asks.", ArgSpec(), asking, launches_crew=True),
            CommandEntry("quick", "status", "A quick command.", ArgSpec(), quick)]


@pytest.mark.parametrize("title", ["Allow once", "Deny", None])
async def test_a_question_asked_during_a_request_is_answered_by_the_client(connect, title):
    def answer(params: types.ShowMessageRequestParams) -> types.MessageActionItem | None:
        return None if title is None else types.MessageActionItem(title=title)

    async with connect(asking_catalogue(), features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer}) as (client, _):
        result = await execute(client, "ask")

    assert result["message"] == f"answer: {title}"


async def test_a_request_cancelled_while_asking_withdraws_the_question_and_the_server_goes_on(connect):
    asked, withdrawn = asyncio.Event(), []

    async def answer_later(params: types.ShowMessageRequestParams) -> types.MessageActionItem:
        asked.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            withdrawn.append(params.message)
            raise
        return types.MessageActionItem(title="Allow once")

    async with connect(asking_catalogue(), features={types.WINDOW_SHOW_MESSAGE_REQUEST: answer_later}) as (
        client, _,
    ):
        running = execute(client, "ask", msg_id="ask-1")
        await asked.wait()
        client.cancel_request(types.CancelParams(id="ask-1"))
        with pytest.raises(JsonRpcRequestCancelled):
            await running
        after = await execute(client, "quick")

    assert withdrawn == ["Run `make test`?"] and after["message"] == "quick answer"


async def test_a_request_cancelled_before_the_engine_is_ready_never_runs(tmp_path):
    crew, ready = WaitingCrew(), asyncio.Event()
    server = make_server(catalogue(crew))

    async def slow_build() -> Engine:
        await ready.wait()
        return Engine(await make_deps(), catalogue(crew), lambda: None)

    server.engine.start(slow_build, lambda reason: None)
    async with connected(server, tmp_path) as client:
        running = execute(client, "wait", msg_id="early-1")
        await asyncio.sleep(0)
        client.cancel_request(types.CancelParams(id="early-1"))
        with pytest.raises(JsonRpcRequestCancelled):
            await running
        ready.set()
        after = await execute(client, "quick")

    assert crew.outcome == "" and not crew.started.is_set() and after["message"] == "quick answer"


async def test_a_crew_that_turns_the_cancel_into_its_own_stop_still_answers_request_cancelled(connect):
    started = asyncio.Event()

    async def stops_at_a_safe_point(args: ParsedArgs, deps) -> CommandView:
        started.set()
        with contextlib.suppress(asyncio.CancelledError):  # as a tool loop does: it stops cleanly, says so
            await asyncio.Event().wait()
        assert deps.progress.cancelled
        raise CommandFailedError("cancelled after 0 tool calls")

    entries = [CommandEntry("polite", "dev", "A crew that stops.", ArgSpec(), stops_at_a_safe_point,
                            launches_crew=True)]
    async with connect(entries) as (client, server):
        running = execute(client, "polite")
        await started.wait()
        (token,) = client.progress_reports
        client.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
        with pytest.raises(JsonRpcRequestCancelled):
            await running

    assert client.progress_reports[token][-1].message == "cancelled"
