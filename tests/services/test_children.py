"""The child agents over the scripted model: a spawn, a background child and its report, the step's rule
sets on the child's gate only, its questions under its name, its stop, its budget, no child of its own."""

import pytest

from orkeon_engine.domain.agents.children import SpawnRequest
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.permissions.question import ALLOW_ONCE
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.services.children import ChildError, NamedHumanInput
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.permission_rules import SESSION_RULES_KEY
from orkeon_engine.tools.catalogue import UnknownToolError
from tests.support.deps import make_deps
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_child_store import FakeChildStore
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.scripted_chat_model import Call, ScriptedChatModel, Turn
from tests.support.tiny_tools import NamedEcho

REVIEWER_TOOLS = ["file_read", "directory_read", "list_mounts", "codebase_search", "codebase_map", "node_outline",
                  "node_read", "goto_definition", "find_references"]
FILES = {"/workspace/plan.md": "# Plan\n1. split the parser\n", "/workspace/node_modules/x.js": "x()\n",
         "/workspace/app.py": "print('a')\n"}


async def _deps(*turns, human=None, background_human=None, store=None, progress=None, model=None,
                cancel_after=None):
    return await make_deps(
        chat_model=model or ScriptedChatModel(list(turns)), vfs=FakeFiles(FILES), human=human,
        background_human=background_human, child_store=store or FakeChildStore(),
        child_runtime=FakeChildRuntime(), child_progress=progress, child_cancel_after=cancel_after,
        code_index=FakeCodeIndex(), navigation=FakeCodeNavigation(),
    )


def _runtime(deps):
    return deps.children._runtime


# --- spawn, wait, report ---------------------------------------------------------------------------------

async def test_a_background_child_runs_beside_its_starter_and_leaves_its_report():
    deps = await _deps("The plan splits the parser; step 1 has no test (plan.md:2).")
    handle = await deps.children.spawn("dev-reviewer", "Review plan.md", parent="/dev-plan (t4)")
    running = await deps.children.report(handle)

    await _runtime(deps).run_all()

    ended = await deps.children.report(handle)
    assert (running.state, ended.state) == ("running", "done")
    assert ended.report == "The plan splits the parser; step 1 has no test (plan.md:2)."
    assert (ended.label, ended.parent, ended.mode, ended.step) == ("c1", "/dev-plan (t4)", "plan", "dev-review")


async def test_wait_returns_the_record_once_the_child_has_ended_with_its_usage():
    deps = await _deps(Turn("all clear", usage=Usage(input_tokens=300, output_tokens=40, cost=0.002)))
    handle = await deps.children.spawn("dev-auditor", "Audit batch F1")

    record = await deps.children.wait(handle)

    assert (record.state, record.report) == ("done", "all clear")
    assert (record.usage.total_tokens, record.usage.cost) == (340, 0.002)


async def test_a_childs_model_calls_go_to_the_session_ledger_under_its_charter():
    deps = await _deps("done")
    handle = await deps.children.spawn("dev-reviewer", "Review plan.md")

    await deps.children.wait(handle)

    summary = await deps.usage.summary(deps.session.id)
    assert [name for name, _ in summary.by_command] == ["child dev-reviewer"]


async def test_the_childs_transcript_is_kept_message_by_message():
    deps = await _deps([Call("file_read", {"path": "plan.md"})], "The plan is sound.")
    handle = await deps.children.spawn("dev-reviewer", "Review plan.md")

    await deps.children.wait(handle)

    transcript = await deps.children.transcript(handle)
    assert [m.role for m in transcript] == ["system", "user", "assistant", "tool", "assistant"]
    assert transcript[1].text == "## Your brief\n\nReview plan.md\n"
    assert "# Plan" in transcript[3].text


async def test_the_child_is_prompted_with_its_charter_and_offered_its_tools_alone():
    model = ScriptedChatModel(["ok"])
    deps = await _deps(model=model)

    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    request = model.requests[0]
    assert request.tool_names == REVIEWER_TOOLS
    assert request.system.startswith("# Orkeon child agent: c1 dev-reviewer")
    assert "cannot change it" in request.system


async def test_each_child_reports_on_its_own_progress_line_named_after_it():
    progress = []
    deps = await _deps("ok", progress=progress)

    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md\nthen the sheets"))

    (line,) = progress
    assert line.events[0] == ("begin", "Orkeon c1 dev-reviewer: Review plan.md")
    assert line.events[-1][0] == "end" and line.events[-1][1].startswith("done: ")


async def test_the_listeners_hear_of_a_child_once_it_has_ended():
    deps = await _deps("ok")
    heard = []
    deps.children.on_end(heard.append)

    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    assert [(r.label, r.state) for r in heard] == [("c1", "done")]


async def test_a_failing_listener_does_not_fail_the_child():
    deps = await _deps("ok")

    def broken(record):
        raise RuntimeError("the editor went away")

    deps.children.on_end(broken)

    record = await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    assert record.state == "done"


async def test_the_children_of_one_parent_run_are_listed_apart():
    deps = await _deps()
    await deps.children.spawn("dev-reviewer", "Review plan.md", parent="/dev-plan (t1)")
    await deps.children.spawn("dev-reviewer", "Review spec.md", parent="/dev-spec (t2)")

    records = await deps.children.recent(parent="/dev-spec (t2)")

    assert [r.brief for r in records] == ["Review spec.md"]


# --- what cannot start ----------------------------------------------------------------------------------

async def test_an_unknown_charter_is_refused_naming_the_charters():
    deps = await _deps()

    with pytest.raises(ChildError, match="no charter is named 'dev-writer'; charters: general, dev-reviewer, "
                                         "dev-auditor"):
        await deps.children.spawn("dev-writer", "write it")


async def test_an_empty_brief_is_refused_before_anything_is_recorded():
    deps = await _deps()

    with pytest.raises(ChildError, match="the brief is empty"):
        await deps.children.spawn("dev-reviewer", "  \n")

    assert await deps.children.recent() == []


async def test_an_unknown_step_is_refused_naming_the_steps():
    deps = await _deps()

    with pytest.raises(ChildError, match="unknown dev step 'dev-deploy'; steps: dev-spec"):
        await deps.children.spawn("dev-reviewer", "Review", step="dev-deploy")


async def test_a_general_child_needs_its_parents_mode():
    deps = await _deps()

    with pytest.raises(ChildError, match="a general child works in its parent's mode"):
        await deps.children.spawn("general", "look around", mode="sideways")


async def test_a_charter_whose_tools_the_engine_lacks_fails_like_an_unknown_tool():
    deps = await make_deps(child_runtime=FakeChildRuntime())  # no code index: no codebase_search

    with pytest.raises(UnknownToolError, match="codebase_search"):
        await deps.children.spawn("dev-reviewer", "Review plan.md")


# --- the gate: mode, step sets, questions ----------------------------------------------------------------

async def test_a_child_under_a_step_reads_the_sessions_rules_then_the_steps_sets():
    deps = await _deps([Call("file_read", {"path": "node_modules/x.js"})], "skipped the vendored file")
    await deps.session.set_state(SESSION_RULES_KEY, {"allow": ["file_read(/node_modules/**)"]})

    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review", step="dev-plan"))

    (_, _, _, tool_message, _) = await deps.children.transcript(1)
    assert "rule set read-noise" in tool_message.text


async def test_the_steps_sets_are_never_stored_so_the_next_turn_reads_the_sessions_rules_alone():
    deps = await _deps([Call("file_read", {"path": "node_modules/x.js"})], "ok")
    await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review", step="dev-plan"))

    gate = await gate_for_run(deps.gate_ports(), "plan")

    assert await deps.session.get_state(SESSION_RULES_KEY) is None
    sets = {entry.source for entry in gate.context.rules if entry.source.startswith("rule set")}
    assert sets == {"rule set secrets"}  # the assistant's own (permissions.ruleSets), none of dev-plan's


async def test_a_general_child_works_in_its_parents_mode_and_asks_under_its_own_name():
    human = FakeHumanInput([ALLOW_ONCE])
    deps = await _deps([Call("file_write", {"path": "app.py", "content": "print('b')\n"})], "app.py now prints b",
                       human=human)
    handle = await deps.children.spawn("general", "make app.py print b", background=False, mode="default",
                                       tools=["file_read", "file_write"])

    record = await deps.children.wait(handle)

    assert record.state == "done" and record.mode == "default"
    assert human.questions[0][0].startswith("[c1 general] ")
    assert deps.files.texts["/workspace/app.py"] == "print('b')\n"


async def test_a_background_child_asks_whoever_the_edge_names_for_the_background():
    nobody = FakeHumanInput()
    human = FakeHumanInput([ALLOW_ONCE])
    deps = await _deps([Call("file_write", {"path": "app.py", "content": "x\n"})], "could not write",
                       human=human, background_human=nobody)

    await deps.children.wait(await deps.children.spawn("general", "write", mode="default", tools=["file_write"]))

    assert human.questions == [] and nobody.questions[0][0].startswith("[c1 general] ")
    assert deps.files.texts["/workspace/app.py"] == "print('a')\n"


async def test_a_named_human_input_marks_a_free_text_question_too():
    human = FakeHumanInput(texts=["yes"])

    answer = await NamedHumanInput(human, "c2 dev-auditor").ask_text("Go on?")

    assert (answer, human.questions[0][0]) == ("yes", "[c2 dev-auditor] Go on?")


# --- no child of its own --------------------------------------------------------------------------------

async def test_a_child_is_offered_no_spawn_agent_and_its_attempt_is_refused():
    model = ScriptedChatModel([Call("spawn_agent", {"brief": "review it for me"}), "did it myself"])
    deps = await _deps(model=model)

    record = await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    assert "spawn_agent" not in model.requests[0].tool_names
    assert "a child agent has no child of its own" in model.requests[1].tool_results()["call_1_0"]
    assert record.report == "did it myself" and _runtime(deps).launched == [1]


# --- how a child ends -----------------------------------------------------------------------------------

async def test_stopping_a_running_child_ends_it_as_stopped_and_tells_the_listeners():
    deps = await _deps()
    heard = []
    deps.children.on_end(heard.append)
    handle = await deps.children.spawn("dev-reviewer", "Review plan.md")

    record = await deps.children.stop(handle)

    assert (record.state, record.detail) == ("stopped", "stopped by /tasks stop")
    assert [r.state for r in heard] == ["stopped"]


async def test_stopping_an_ended_child_returns_it_as_it_ended():
    deps = await _deps("ok")
    handle = await deps.children.spawn("dev-reviewer", "Review plan.md")
    await deps.children.wait(handle)

    record = await deps.children.stop(handle)

    assert record.state == "done"


async def test_a_child_another_process_runs_cannot_be_stopped_from_here():
    store = FakeChildStore()
    deps = await _deps(store=store)
    await deps.children.spawn("dev-reviewer", "Review plan.md")
    _runtime(deps).pending.pop(1).close()
    store.owner = "99:another"

    with pytest.raises(ChildError, match="c1 runs in another Orkeon process"):
        await deps.children.stop(1)


async def test_a_spent_budget_fails_the_child_saying_which_limit():
    turns = [[Call("file_read", {"path": "plan.md"})] for _ in range(41)]
    deps = await _deps(*turns)

    record = await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    assert record.state == "failed" and "budget of 40 tool calls is spent" in record.detail


async def test_a_step_gives_the_child_its_budget():
    turns = [[Call("file_read", {"path": "plan.md"})] for _ in range(61)]
    deps = await _deps(*turns)

    record = await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review", step="dev-verify"))

    assert "budget of 60 tool calls is spent" in record.detail


async def test_a_failed_model_call_fails_the_child_with_the_providers_words():
    deps = await _deps(LlmFailure("rate limit reached", kind="rate_limit"))

    record = await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    assert (record.state, record.detail) == ("failed", "rate limit reached")


async def test_a_cancel_on_the_childs_progress_line_stops_it():
    deps = await _deps("never asked", cancel_after=0)

    record = await deps.children.wait(await deps.children.spawn("dev-reviewer", "Review plan.md"))

    assert (record.state, record.detail) == ("stopped", "stopped from its progress line")


async def test_closing_cancels_the_running_children():
    deps = await _deps()
    await deps.children.spawn("dev-reviewer", "Review plan.md")

    closed = deps.children.close()

    assert closed == (1,) and _runtime(deps).stopped == [1]


async def test_wait_running_waits_for_every_child_of_this_engine():
    deps = await _deps("first", "second")
    await deps.children.spawn("dev-reviewer", "one")
    await deps.children.spawn("dev-auditor", "two")

    records = await deps.children.wait_running()

    assert [(r.label, r.report) for r in records] == [("c1", "first"), ("c2", "second")]


# --- spawn_agent's side ---------------------------------------------------------------------------------

async def test_spawn_for_model_waits_for_a_foreground_child_and_answers_its_report():
    deps = await _deps("The plan is sound.")

    text = await deps.children.spawn_for_model(SpawnRequest("Review plan.md", "dev-reviewer", parent="/assistant"))

    assert text.startswith("c1 dev-reviewer done (") and text.endswith("\n\nThe plan is sound.")


async def test_spawn_for_model_answers_a_ticket_for_a_background_child():
    deps = await _deps()

    text = await deps.children.spawn_for_model(SpawnRequest("Review plan.md", "dev-reviewer", background=True))

    assert text.startswith("ticket c1: dev-reviewer started in the background")
    assert _runtime(deps).running() == (1,)


async def test_a_general_childs_tools_are_its_parents_without_spawn_agent():
    model = ScriptedChatModel(["ok"])
    deps = await _deps(model=model)

    await deps.children.spawn_for_model(SpawnRequest("look", "general", mode="plan",
                                                     tools=("file_read", "spawn_agent", "directory_read")))

    assert model.requests[0].tool_names == ["file_read", "directory_read"]


async def test_a_general_child_takes_its_parents_extra_tool_that_the_engines_catalogue_lacks():
    model = ScriptedChatModel(["ok"])
    deps = await _deps(model=model)

    await deps.children.spawn_for_model(
        SpawnRequest("look", "general", mode="plan", tools=("file_read", "mcp__tiny__echo")),
        inherited=(NamedEcho("file_read"), NamedEcho("mcp__tiny__echo")))

    assert model.requests[0].tool_names == ["file_read", "mcp__tiny__echo"]


async def test_a_general_childs_tool_that_neither_the_engine_nor_its_parent_holds_is_refused():
    deps = await _deps()

    with pytest.raises(UnknownToolError, match="mcp__tiny__echo"):
        await deps.children.spawn_for_model(SpawnRequest("look", "general", mode="plan",
                                                         tools=("file_read", "mcp__tiny__echo")))

