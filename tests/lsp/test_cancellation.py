"""Cancellations: a running request found by its id or by any of its progress tokens, and forgotten after."""

from __future__ import annotations

import asyncio

from orkeon_lsp.cancellation import Cancellations


def test_a_running_request_is_cancelled_by_its_id_or_its_token():
    cancellations, cancelled = Cancellations(), []
    with cancellations.running(7, lambda: cancelled.append("seven")) as add_token:
        add_token("token-a")

        by_id = cancellations.cancel_request(7)
        by_token = cancellations.cancel_token("token-a")

    assert by_id and by_token and cancelled == ["seven", "seven"]


def test_a_finished_request_is_forgotten():
    cancellations, cancelled = Cancellations(), []
    with cancellations.running("r", lambda: cancelled.append("r")) as add_token:
        add_token("t")

    assert not cancellations.cancel_request("r") and not cancellations.cancel_token("t")
    assert cancelled == [] and len(cancellations) == 0


async def test_stop_all_cancels_every_running_task_and_waits_for_it():
    cancellations = Cancellations()
    stopped: list[str] = []

    async def crew() -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            stopped.append("crew")
            raise

    task = asyncio.ensure_future(crew())
    await asyncio.sleep(0)
    with cancellations.running(1, task.cancel, task):
        await cancellations.stop_all()

    assert stopped == ["crew"] and task.cancelled()


def test_a_cancel_that_came_before_the_request_started_stops_it_as_it_starts():
    cancellations, cancelled = Cancellations(), []
    cancellations.cancelled_before_start("early")

    with cancellations.running("early", lambda: cancelled.append("early")):
        pass
    with cancellations.running("early", lambda: cancelled.append("again")):
        pass

    assert cancelled == ["early"]


async def test_idle_returns_at_once_when_nothing_runs():
    await asyncio.wait_for(Cancellations().idle(), 5)


async def test_idle_waits_until_the_last_running_request_ends():
    cancellations, seen = Cancellations(), []
    with cancellations.running(1, lambda: None):
        waiting = asyncio.ensure_future(cancellations.idle())
        with cancellations.running(2, lambda: None):
            await asyncio.sleep(0)
        await asyncio.sleep(0)
        seen.append(waiting.done())
    await asyncio.wait_for(waiting, 5)

    assert seen == [False] and waiting.done()
