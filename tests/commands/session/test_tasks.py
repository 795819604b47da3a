import asyncio

import pytest

from orkeon_engine.commands.session.tasks import ARGS, run_tasks
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from orkeon_engine.services.children import ChildError
from orkeon_engine.services.tasks import TaskStoppedError, UnknownTaskError
from tests.support.deps import make_deps
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.scripted_chat_model import ScriptedChatModel, Turn


def _args(*tokens):
    return parse_args("tasks", ARGS, list(tokens))


async def _done(task_id):
    return "ok"


async def test_tasks_says_when_no_crew_has_run():
    deps = await make_deps()

    view = await run_tasks(_args(), deps)

    assert view.message == "No crew and no child agent has run in this session yet."


async def test_tasks_lists_each_crew_with_its_state_age_time_tokens_and_cost():
    deps = await make_deps()

    async def work(task_id):
        deps.tasks.add_usage(task_id, Usage(input_tokens=1200, output_tokens=34, cost=0.0125))
        deps.clock.advance(65)

    await deps.tasks.run("advisor", deps.session.id, work)
    deps.clock.advance(10)

    view = await run_tasks(_args(), deps)

    assert view.table.columns == ("id", "what", "state", "age", "time", "tokens", "cost", "detail")
    assert view.table.rows == (("t1", "/advisor", "done", "1m 15s ago", "1m 05s", "1,234", "$0.0125", ""),)
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


# --- child agents ---------------------------------------------------------------------------------------

async def _with_children(*turns):
    return await make_deps(chat_model=ScriptedChatModel(list(turns)), child_runtime=FakeChildRuntime(),
                           code_index=FakeCodeIndex(), navigation=FakeCodeNavigation())


async def test_tasks_lists_the_children_beside_the_crews_in_the_order_they_started():
    deps = await _with_children(Turn("clear", usage=Usage(input_tokens=900, output_tokens=100, cost=0.004)))
    await deps.tasks.run("advisor", deps.session.id, _done)
    deps.clock.advance(5)
    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md", parent="/assistant (t2)"))
    await deps.children.spawn("dev-auditor", "Audit F1")

    view = await run_tasks(_args(), deps)

    assert [row[:3] for row in view.table.rows] == [("t1", "/advisor", "done"), ("c1", "dev-reviewer", "done"),
                                                    ("c2", "dev-auditor", "running")]
    assert view.table.rows[1][5:] == ("1,000", "$0.0040", "started by /assistant (t2)")
    assert view.message.startswith("3 tasks, 1 running. `/tasks stop <id>` stops one.")
    assert view.data["tasks"][2] == {"id": "c2", "kind": "child", "name": "dev-auditor", "state": "running",
                                     "running": True}


async def test_stop_stops_a_running_child_by_its_id():
    deps = await _with_children()
    await deps.children.spawn("dev-reviewer", "Review plan.md")

    view = await run_tasks(_args("stop", "C1"), deps)

    assert view.message == "stopped c1 dev-reviewer: it ends as stopped."
    assert (await deps.children.report(1)).state == "stopped"


async def test_send_starts_a_new_run_of_an_ended_child_carrying_its_report_and_the_message():
    deps = await _with_children("Step 2 has no test.", "Step 2 now has one: tests/test_parse.py.")
    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md", step="dev-plan"))

    view = await run_tasks(_args("send", "c1", "did", "I", "fix", "step", "2?"), deps)

    record = await deps.children.wait(2)
    assert view.message.startswith("started c2 (dev-reviewer), a new run of c1, in the background")
    assert (record.previous, record.step, record.parent) == (1, "dev-plan", "/tasks send c1")
    assert "Step 2 has no test." in record.brief and "did I fix step 2?" in record.brief


async def test_send_without_a_message_asks_for_one():
    deps = await _with_children("ok")
    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    with pytest.raises(ChildError, match="needs a message"):
        await run_tasks(_args("send", "c1"), deps)


async def test_repair_reruns_a_stopped_child_to_finish_its_job():
    deps = await _with_children("the whole report")
    await deps.children.spawn("dev-auditor", "Audit F1")
    await deps.children.stop(1)

    await run_tasks(_args("repair", "c1"), deps)

    record = await deps.children.wait(2)
    assert "Finish the job its brief describes" in record.brief and record.report == "the whole report"


async def test_send_to_a_crews_id_is_refused_naming_what_a_childs_id_looks_like():
    deps = await _with_children()

    with pytest.raises(ArgumentError, match="/tasks send takes a child's id"):
        await run_tasks(_args("send", "t1", "hello"), deps)


async def test_show_gives_a_childs_report_as_a_document():
    deps = await _with_children("The plan is sound.")
    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    view = await run_tasks(_args("show", "c1"), deps)

    assert view.document.title == "c1 dev-reviewer report"
    assert view.document.content.startswith("The plan is sound.")


async def test_show_of_an_unknown_child_names_it():
    deps = await _with_children()

    with pytest.raises(ChildError, match="no child has the id c7"):
        await run_tasks(_args("show", "c7"), deps)
