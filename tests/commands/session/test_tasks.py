import asyncio

import pytest

from orkeon_engine.commands.session.tasks import ARGS, run_tasks
from orkeon_engine.domain.args import ArgumentError, parse_args
from orkeon_engine.services.tasks import TaskStoppedError, UnknownTaskError
from tests.support.deps import make_deps


def _args(*tokens):
    return parse_args("tasks", ARGS, list(tokens))


async def _done(task_id):
    return "ok"


async def test_tasks_says_when_no_crew_has_run():
    deps = await make_deps()

    view = await run_tasks(_args(), deps)

    assert view.message == "No crew has run in this session yet."


async def test_tasks_lists_each_crew_with_its_state_time_and_tokens():
    deps = await make_deps()

    async def work(task_id):
        deps.tasks.add_tokens(task_id, 1234)
        deps.clock.advance(65)

    await deps.tasks.run("advisor", deps.session.id, work)

    view = await run_tasks(_args(), deps)

    assert view.table.rows == (("t1", "/advisor", "done", "09:30:00", "1m 05s", "1,234", ""),)
    assert view.message == "1 tasks, 0 running."


async def test_tasks_leaves_out_the_crews_of_another_session():
    deps = await make_deps()
    await deps.tasks.run("advisor", "another-session", _done)

    view = await run_tasks(_args(), deps)

    assert view.table is None


async def test_stop_cancels_a_running_crew():
    deps = await make_deps()
    started = asyncio.Event()

    async def work(task_id):
        started.set()
        await asyncio.Event().wait()

    crew = asyncio.create_task(deps.tasks.run("review", deps.session.id, work))
    await started.wait()

    view = await run_tasks(_args("stop", "t1"), deps)

    assert view.message.startswith("asked t1 (/review) to stop")
    with pytest.raises(TaskStoppedError):
        await crew
    assert deps.tasks.get("t1").state == "cancelled"


async def test_stop_of_an_ended_crew_says_it_already_ended():
    deps = await make_deps()
    await deps.tasks.run("advisor", deps.session.id, _done)

    view = await run_tasks(_args("stop", "t1"), deps)

    assert view.message == "t1 (/advisor) already ended: done."


async def test_stop_of_an_unknown_id_fails_naming_it():
    deps = await make_deps()

    with pytest.raises(UnknownTaskError, match="'t3'"):
        await run_tasks(_args("stop", "t3"), deps)


async def test_stop_without_an_id_shows_the_usage():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="missing <id>"):
        await run_tasks(_args("stop"), deps)


async def test_an_unknown_action_shows_the_usage():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="unknown action 'kill'"):
        await run_tasks(_args("kill", "t1"), deps)
