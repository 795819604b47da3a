import asyncio

import pytest

from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.model.usage import UsageRecord
from orkeon_engine.services.tasks import (
    KEEP_ENDED,
    TaskRegistry,
    TaskStoppedError,
    TaskUsageLedger,
    UnknownTaskError,
)
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger


async def _answer(value):
    return value


async def test_a_task_that_returns_ends_done_with_its_start_and_end_from_the_clock():
    clock = FakeClock()
    registry = TaskRegistry(clock)

    async def work(task_id):
        clock.advance(3)
        return "ok"

    result = await registry.run("advisor", "s1", work)

    record = registry.records()[0]
    assert result == "ok"
    assert (record.id, record.command, record.state) == ("t1", "advisor", "done")
    assert record.elapsed_seconds(clock.now()) == 3


async def test_the_outcome_decides_a_returned_failure():
    registry = TaskRegistry(FakeClock())

    await registry.run("advisor", "s1", lambda task_id: _answer("no model"), lambda r: ("failed", r))

    assert (registry.records()[0].state, registry.records()[0].detail) == ("failed", "no model")


async def test_a_task_that_raises_ends_failed_and_the_error_goes_on():
    registry = TaskRegistry(FakeClock())

    async def work(task_id):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await registry.run("advisor", "s1", work)

    assert (registry.records()[0].state, registry.records()[0].detail) == ("failed", "RuntimeError: boom")


async def test_stop_cancels_a_running_task_and_its_caller_learns_it_was_stopped():
    registry = TaskRegistry(FakeClock())
    started = asyncio.Event()

    async def work(task_id):
        started.set()
        await asyncio.Event().wait()

    caller = asyncio.create_task(registry.run("review", "s1", work))
    await started.wait()
    registry.stop("t1")

    with pytest.raises(TaskStoppedError, match="/review was stopped"):
        await caller

    assert registry.records()[0].state == "cancelled"


async def test_a_caller_cancelled_itself_cancels_its_task_and_sees_its_own_cancellation():
    registry = TaskRegistry(FakeClock())
    started = asyncio.Event()

    async def work(task_id):
        started.set()
        await asyncio.Event().wait()

    caller = asyncio.create_task(registry.run("review", "s1", work))
    await started.wait()
    caller.cancel()

    with pytest.raises(asyncio.CancelledError):
        await caller

    assert registry.records()[0].state == "cancelled"


async def test_stopping_an_ended_task_changes_nothing():
    registry = TaskRegistry(FakeClock())
    await registry.run("advisor", "s1", lambda task_id: _answer(1))

    record = registry.stop("t1")

    assert record.state == "done"


def test_stopping_an_unknown_id_names_the_known_ones():
    registry = TaskRegistry(FakeClock())

    with pytest.raises(UnknownTaskError, match="no task has the id 't9'; tasks: none"):
        registry.stop("t9")


async def test_tokens_and_cost_are_counted_on_the_task_that_used_them():
    registry = TaskRegistry(FakeClock())

    async def work(task_id):
        registry.add_usage(task_id, Usage(input_tokens=100, output_tokens=20, cost=0.01))
        registry.add_usage(task_id, Usage(input_tokens=25, output_tokens=5, cost=0.002))

    await registry.run("advisor", "s1", work)

    record = registry.records()[0]
    assert (record.tokens, round(record.cost, 6)) == (150, 0.012)


async def test_one_unpriced_call_makes_the_tasks_cost_unknown():
    registry = TaskRegistry(FakeClock())

    async def work(task_id):
        registry.add_usage(task_id, Usage(input_tokens=100, cost=0.01))
        registry.add_usage(task_id, Usage(input_tokens=100, cost=None))

    await registry.run("advisor", "s1", work)

    assert registry.records()[0].cost is None


async def test_the_records_of_one_session_leave_the_others_out():
    registry = TaskRegistry(FakeClock())
    await registry.run("advisor", "s1", lambda task_id: _answer(1))
    await registry.run("advisor", "s2", lambda task_id: _answer(2))

    assert [r.id for r in registry.records("s2")] == ["t2"]


async def test_only_the_latest_ended_tasks_are_kept():
    registry = TaskRegistry(FakeClock())
    for _ in range(KEEP_ENDED + 3):
        await registry.run("advisor", "s1", lambda task_id: _answer(0))

    ids = [r.id for r in registry.records()]

    assert len(ids) == KEEP_ENDED and ids[0] == "t4"


async def test_the_task_ledger_counts_the_tokens_then_hands_the_record_on():
    clock = FakeClock()
    registry = TaskRegistry(clock)
    inner = FakeUsageLedger()
    record = UsageRecord("s1", "advisor", "m", Usage(input_tokens=90, output_tokens=10), clock.now())

    async def work(task_id):
        await TaskUsageLedger(registry, task_id, inner).record(record)

    await registry.run("advisor", "s1", work)

    assert registry.records()[0].tokens == 100
    assert inner.records == [record]
