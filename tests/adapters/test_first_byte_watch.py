"""The first-byte watch: the waiting line while nothing came, the deadline, a busy server's extension,
and a cancel that reaches the call at once."""

import asyncio

import pytest

from orkeon_engine.adapters.first_byte_watch import watch_first_byte
from orkeon_engine.domain.model.model_wait import ServerHealth


class Lines:
    def __init__(self):
        self.seen = []

    def __call__(self, text):
        self.seen.append(text)


class Failed(Exception):
    pass


def _fail(health):
    return Failed(health.state)


async def _never(cancelled):
    """A call that never answers; `cancelled` is set when it is cancelled."""
    try:
        await asyncio.sleep(60)
    except asyncio.CancelledError:
        cancelled.set()
        raise


async def test_a_quick_answer_shows_no_waiting_line():
    lines = Lines()

    async def quick():
        return "answer"

    assert await watch_first_byte(quick(), lambda: False, 5, "srv", None, _fail, lines) == "answer"
    assert lines.seen == []


async def test_no_first_byte_by_the_deadline_asks_the_server_and_a_hung_one_fails_the_call():
    asked = []
    cancelled = asyncio.Event()

    async def hung():
        asked.append(True)
        return ServerHealth("hung")

    with pytest.raises(Failed, match="hung"):
        await asyncio.wait_for(watch_first_byte(_never(cancelled), lambda: False, 0.2, "srv", hung, _fail), 5)
    assert asked == [True] and cancelled.is_set()


async def test_a_busy_server_gets_another_deadline_and_the_wait_shows_as_it_grows():
    lines = Lines()
    probes = []

    async def slow():
        await asyncio.sleep(0.5)
        return "late answer"

    async def busy():
        probes.append(True)
        return ServerHealth("busy", "1 of 1 slot working")

    result = await watch_first_byte(slow(), lambda: False, 0.2, "srv", busy, _fail, lines, quiet=0)

    assert result == "late answer" and len(probes) >= 1
    shown = [line for line in lines.seen if line]
    assert shown[0].startswith("waiting for srv: ") and any("busy: 1 of 1 slot working" in s for s in shown)
    assert lines.seen[-1] is None  # cleared once the answer came


async def test_once_the_first_byte_came_the_deadline_no_longer_holds():
    got = []

    async def streaming():
        got.append("first chunk")
        await asyncio.sleep(0.4)  # the rest of the answer takes longer than the deadline
        return "whole answer"

    result = await watch_first_byte(streaming(), lambda: bool(got), 0.1, "srv", None, _fail)

    assert result == "whole answer"


async def test_without_a_probe_the_deadline_ends_the_call():
    with pytest.raises(Failed, match="unknown"):
        await asyncio.wait_for(watch_first_byte(_never(asyncio.Event()), lambda: False, 0.1, "srv", None, _fail), 5)


async def test_cancelling_the_watch_cancels_the_call_at_once():
    cancelled = asyncio.Event()

    watch = asyncio.ensure_future(watch_first_byte(_never(cancelled), lambda: False, 30, "srv", None, _fail))
    await asyncio.sleep(0.05)
    watch.cancel()
    with pytest.raises(asyncio.CancelledError):
        await watch
    assert cancelled.is_set()
