"""The children as asyncio tasks: they run beside their starter, a waiter's cancel leaves them running,
stop and close cancel them, and an ended one is forgotten."""

import asyncio

from orkeon_engine.adapters.asyncio_child_runtime import AsyncioChildRuntime


async def _until(event, log, name):
    await event.wait()
    log.append(name)


async def test_a_child_runs_beside_its_starter_until_it_ends():
    runtime = AsyncioChildRuntime()
    gate, log = asyncio.Event(), []
    runtime.launch(1, _until(gate, log, "one"))
    await asyncio.sleep(0)
    running = runtime.running()
    gate.set()

    await runtime.wait(1)

    assert (running, log, runtime.running()) == ((1,), ["one"], ())


async def test_a_cancelled_waiter_leaves_the_child_running():
    runtime = AsyncioChildRuntime()
    gate, log = asyncio.Event(), []
    runtime.launch(1, _until(gate, log, "one"))
    waiter = asyncio.ensure_future(runtime.wait(1))
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)

    still = runtime.running()
    gate.set()
    await runtime.wait(1)

    assert still == (1,) and log == ["one"]


async def test_stop_cancels_a_running_child_and_not_an_unknown_one():
    runtime = AsyncioChildRuntime()
    runtime.launch(1, _until(asyncio.Event(), [], "never"))
    await asyncio.sleep(0)

    stopped, unknown = runtime.stop(1), runtime.stop(9)
    await runtime.wait(1)

    assert (stopped, unknown, runtime.running()) == (True, False, ())


async def test_close_cancels_every_running_child():
    runtime = AsyncioChildRuntime()
    runtime.launch(1, _until(asyncio.Event(), [], "a"))
    runtime.launch(2, _until(asyncio.Event(), [], "b"))
    await asyncio.sleep(0)

    closed = runtime.close()
    await asyncio.sleep(0)

    assert closed == (1, 2) and runtime.running() == ()


async def test_a_child_whose_work_raises_is_forgotten_without_a_loose_exception():
    runtime = AsyncioChildRuntime()

    async def broken():
        raise RuntimeError("a bug")

    runtime.launch(1, broken())
    await runtime.wait(1)
    await asyncio.sleep(0)

    assert runtime.running() == () and runtime.stop(1) is False
