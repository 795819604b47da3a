"""agent-run over the scripted model: a new run of an ended child carries the previous report, runs under
the step of the instance's run (else the charter's) with that step's budget, and has no child of its own."""

import pytest

from orkeon_engine.crews.agent_run.run import AgentRunInput, run_agent_run
from orkeon_engine.services.children import ChildError
from tests.support.deps import make_deps
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.scripted_chat_model import Call, ScriptedChatModel


async def _deps(model):
    return await make_deps(chat_model=model, child_runtime=FakeChildRuntime(), code_index=FakeCodeIndex(),
                           navigation=FakeCodeNavigation())


async def _ended(deps, charter="dev-reviewer", step=None):
    return await deps.children.wait(await deps.children.spawn(charter, "Review plan.md", step=step))


async def test_the_new_run_carries_the_previous_report_and_the_persons_message():
    model = ScriptedChatModel(["Step 2 has no test.", "It has one now."])
    deps = await _deps(model)
    previous = await _ended(deps)

    handle = await run_agent_run(AgentRunInput(previous, "send", "check step 2 again"), deps.children)
    record = await deps.children.wait(handle)

    sent = model.requests[1].last_user_text
    assert "Step 2 has no test." in sent and "check step 2 again" in sent
    assert (record.report, record.previous) == ("It has one now.", previous.id)


async def test_it_runs_under_the_step_of_the_instances_run():
    deps = await _deps(ScriptedChatModel(["first", "second"]))
    previous = await _ended(deps, step="dev-spec")

    handle = await run_agent_run(AgentRunInput(previous, "send", "again"), deps.children)

    assert (await deps.children.report(handle)).step == "dev-spec"


async def test_without_a_step_of_its_own_it_runs_under_the_charters():
    deps = await _deps(ScriptedChatModel(["first", "second"]))
    previous = await _ended(deps, charter="dev-auditor")

    handle = await run_agent_run(AgentRunInput(previous, "repair"), deps.children)

    assert (await deps.children.report(handle)).step == "dev-verify"


async def test_it_gets_that_steps_budget():
    turns = ["first", *([[Call("file_read", {"path": "plan.md"})]] * 41)]
    deps = await _deps(ScriptedChatModel(turns))
    previous = await _ended(deps, step="dev-plan")

    record = await deps.children.wait(await run_agent_run(AgentRunInput(previous, "send", "again"), deps.children))

    assert record.state == "failed" and "budget of 40 tool calls" in record.detail


async def test_the_new_run_has_no_child_of_its_own():
    model = ScriptedChatModel(["first", "second"])
    deps = await _deps(model)
    previous = await _ended(deps)

    await deps.children.wait(await run_agent_run(AgentRunInput(previous, "send", "again"), deps.children))

    assert "spawn_agent" not in model.requests[1].tool_names


async def test_a_child_still_running_cannot_run_again():
    deps = await _deps(ScriptedChatModel())
    handle = await deps.children.spawn("dev-reviewer", "Review plan.md")
    running = await deps.children.report(handle)

    with pytest.raises(ChildError, match="c1 is still running"):
        await run_agent_run(AgentRunInput(running, "send", "hurry"), deps.children)
