"""The tool loop over the scripted model: turns, the gate, parallel reads, error results, budgets, cancel,
and spawn_agent, which the loop offers itself."""

import pytest

from orkeon_engine.domain.model.act import Budget, BudgetExhausted, Cancelled
from orkeon_engine.domain.model.chat import ChatMessage, Usage
from orkeon_engine.domain.tool_call import Verdict
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.services.act import act
from orkeon_engine.services.act_context import ActContext
from orkeon_engine.tools.catalogue import UnknownToolError
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.doubles.fake_spawner import FakeSpawner
from tests.support.scripted_chat_model import Call, ScriptedChatModel, Turn
from tests.support.tiny_tools import ConcurrencyProbe, NamedEcho, ProbeRead, RaisingTool, RecordingEdit, SlowTool

UNLIMITED = Budget(tool_calls=None, seconds=None, context_tokens=None)


def _reads(*paths):
    return [Call("probe_read", {"path": p}) for p in paths]


async def _act(model, tools, gate=None, budget=UNLIMITED, clock=None, progress=None, logger=None):
    context = ActContext(tools, budget, gate or FakePermissionGate(), model, clock or FakeClock(), progress=progress,
                         logger=logger)
    return await act("You are a test.", [ChatMessage.user("go")], context)


async def test_a_two_turn_act_runs_six_reads_four_at_a_time_and_returns_the_final_answer():
    probe = ConcurrencyProbe()
    model = ScriptedChatModel([_reads("a", "b", "c", "d", "e", "f"), "all read"])

    result = await _act(model, [ProbeRead(probe)])

    assert result.text == "all read" and result.turns == 2
    assert probe.peak == 4
    assert [c.arguments["path"] for c in result.calls] == ["a", "b", "c", "d", "e", "f"]
    fed_back = [m.text for m in model.requests[1].messages if m.role == "tool"]
    assert fed_back == [f"contents of {p}" for p in "abcdef"]


async def test_the_model_sees_the_system_message_first_and_the_tool_specs():
    model = ScriptedChatModel(["nothing to do"])

    await _act(model, [ProbeRead(ConcurrencyProbe()), RecordingEdit()])

    request = model.requests[0]
    assert request.messages[0].role == "system" and request.messages[0].text == "You are a test."
    assert request.tool_names == ["probe_read", "file_write"]


async def test_an_edit_between_reads_runs_alone_and_every_call_meets_the_gate_in_order():
    probe = ConcurrencyProbe()
    gate = FakePermissionGate()
    calls = [*_reads("a", "b"), Call("file_write", {"path": "c", "text": "x"}), *_reads("d")]
    model = ScriptedChatModel([calls, "done"])

    result = await _act(model, [ProbeRead(probe), RecordingEdit()], gate)

    assert gate.names() == ["probe_read", "probe_read", "file_write", "probe_read"]
    assert [c.name for c in result.calls] == ["probe_read", "probe_read", "file_write", "probe_read"]
    assert probe.order == ["a", "b", "d"] and probe.peak == 2


async def test_an_edit_refused_by_the_gate_is_not_run_and_the_refusal_is_fed_back_to_the_model():
    edit = RecordingEdit()
    gate = FakePermissionGate({"file_write": Verdict.deny("plan mode is read-only")})
    model = ScriptedChatModel([Call("file_write", {"path": "a.py", "text": "x"}, id="w1"), "I could not write"])

    result = await _act(model, [edit], gate)

    assert edit.written == {}
    assert result.calls[0].verdict == Verdict.deny("plan mode is read-only")
    assert result.calls[0].result.is_error
    fed_back = model.requests[1].tool_results()["w1"]
    assert "refused" in fed_back and "plan mode is read-only" in fed_back


async def test_a_tool_that_raises_becomes_an_error_result_and_the_loop_goes_on():
    model = ScriptedChatModel([Call("broken_read", {"path": "x"}, id="b1"), "it broke"])
    logger = FakeLogger()

    result = await _act(model, [RaisingTool()], logger=logger)

    assert result.text == "it broke"
    assert result.calls[0].result.is_error
    assert model.requests[1].tool_results()["b1"] == "broken_read failed: RuntimeError: disk on fire at x"
    assert "Traceback" in logger.text()


async def test_arguments_that_are_not_json_become_an_error_result_without_reaching_the_gate():
    gate = FakePermissionGate()
    model = ScriptedChatModel([Call("probe_read", "{not json", id="j1"), "sorry"])

    await _act(model, [ProbeRead(ConcurrencyProbe())], gate)

    assert "not valid JSON" in model.requests[1].tool_results()["j1"]
    assert gate.calls == []


async def test_arguments_that_do_not_fit_the_input_model_name_the_field():
    gate = FakePermissionGate()
    model = ScriptedChatModel([Call("probe_read", {"pth": "a"}, id="v1"), "sorry"])

    result = await _act(model, [ProbeRead(ConcurrencyProbe())], gate)

    text = model.requests[1].tool_results()["v1"]
    assert "do not fit" in text and "- path: Field required" in text
    assert result.calls[0].verdict is None and gate.calls == []


async def test_an_unknown_tool_gets_an_error_result_naming_the_tools_offered():
    model = ScriptedChatModel([Call("rm_rf", {"path": "/"}, id="u1"), "ok"])

    await _act(model, [ProbeRead(ConcurrencyProbe())])

    assert model.requests[1].tool_results()["u1"] == "unknown tool 'rm_rf'; the tools offered are: probe_read"


async def test_an_unknown_tool_whose_arguments_fit_an_offered_tool_is_refused_naming_that_tool():
    gate = FakePermissionGate()
    edit = RecordingEdit()
    model = ScriptedChatModel([Call("file_settings", {"path": "a.py", "text": "x"}, id="u1"), "ok"])

    result = await _act(model, [ProbeRead(ConcurrencyProbe()), edit], gate)

    text = model.requests[1].tool_results()["u1"]
    assert text.startswith("unknown tool 'file_settings'; the tools offered are: file_write, probe_read.")
    assert "The arguments given (path, text) are those file_write takes: call file_write with them." in text
    assert gate.calls == [] and edit.written == {} and result.calls[0].verdict is None


async def test_the_tool_call_budget_stops_the_loop_after_the_calls_it_allows():
    probe = ConcurrencyProbe()
    model = ScriptedChatModel([_reads("a", "b", "c"), "never reached"])

    with pytest.raises(BudgetExhausted) as stop:
        await _act(model, [ProbeRead(probe)], budget=Budget(tool_calls=2, seconds=None, context_tokens=None))

    assert stop.value.kind == "tool_calls"
    assert [c.arguments["path"] for c in stop.value.calls] == ["a", "b"] and probe.order == ["a", "b"]
    assert "budget of 2 tool calls" in str(stop.value)


async def test_the_turns_budget_lets_that_many_turns_ask_for_tools_then_stops_the_next():
    model = ScriptedChatModel([_reads("a"), _reads("b"), _reads("c"), "never reached"])

    with pytest.raises(BudgetExhausted) as stop:
        await _act(model, [ProbeRead(ConcurrencyProbe())],
                   budget=Budget(tool_calls=None, seconds=None, context_tokens=None, turns=2))

    assert stop.value.kind == "turns" and "budget of 2 model turns" in str(stop.value)
    assert [c.arguments["path"] for c in stop.value.calls] == ["a", "b"] and len(model.requests) == 3


async def test_the_seconds_budget_stops_the_loop_at_the_next_safe_point():
    clock = FakeClock()
    model = ScriptedChatModel([Call("slow_build", {"path": "."}), "never reached"])

    with pytest.raises(BudgetExhausted) as stop:
        await _act(model, [SlowTool(clock, 90)], clock=clock,
                   budget=Budget(tool_calls=None, seconds=60, context_tokens=None))

    assert stop.value.kind == "seconds" and stop.value.used == 90
    assert len(model.requests) == 1


async def test_the_context_budget_counts_each_turns_prompt_once_whatever_its_number_of_calls():
    usage = Usage(input_tokens=100, output_tokens=10)
    model = ScriptedChatModel([Turn(calls=tuple(_reads("a", "b", "c")), usage=usage),
                               Turn(calls=tuple(_reads("d", "e", "f")), usage=usage), "never reached"])

    with pytest.raises(BudgetExhausted) as stop:
        await _act(model, [ProbeRead(ConcurrencyProbe())],
                   budget=Budget(tool_calls=None, seconds=None, context_tokens=150))

    assert stop.value.kind == "context_tokens" and stop.value.used == 200
    assert len(stop.value.calls) == 3


async def test_a_final_answer_is_returned_even_when_its_turn_fills_the_context_budget():
    model = ScriptedChatModel([Turn("done", usage=Usage(input_tokens=500))])

    result = await _act(model, [], budget=Budget(tool_calls=None, seconds=None, context_tokens=100))

    assert result.text == "done"


async def test_each_turn_reports_its_tokens_and_cost_on_the_progress_line():
    progress = FakeProgress()
    model = ScriptedChatModel([_reads("a"), "done"], usage=Usage(1200, 30, cost=0.002))

    await _act(model, [ProbeRead(ConcurrencyProbe())], progress=progress)

    assert progress.messages() == ["1,200 tokens in, 30 out, $0.0020 so far; 1 model call, 0 tool calls",
                                   "2,400 tokens in, 60 out, $0.0040 so far; 2 model calls, 1 tool call"]


async def test_a_cancel_stops_the_loop_before_the_next_call_runs():
    probe = ConcurrencyProbe()
    model = ScriptedChatModel([_reads("a"), "never reached"])

    with pytest.raises(Cancelled):
        await _act(model, [ProbeRead(probe)], progress=FakeProgress(cancel_after=1))

    assert probe.order == []


async def test_a_failed_model_call_propagates_as_the_llm_failure():
    model = ScriptedChatModel([_reads("a"), LlmFailure("stub: the provider answered 500: boom")])

    with pytest.raises(LlmFailure, match="boom"):
        await _act(model, [ProbeRead(ConcurrencyProbe())])


async def test_the_usage_is_summed_over_the_turns():
    model = ScriptedChatModel([_reads("a"), "done"], usage=Usage(100, 20, 5, 0, 0.001))

    result = await _act(model, [ProbeRead(ConcurrencyProbe())])

    assert result.usage == Usage(200, 40, 10, 0, 0.002)


# --- spawn_agent, the host's own tool ---------------------------------------------------------------------

async def _act_with_spawner(model, tools, spawner, gate=None):
    context = ActContext(tools, UNLIMITED, gate or FakePermissionGate(), model, FakeClock(), spawner=spawner,
                         parent="/assistant (t1)")
    return await act("You are a test.", [ChatMessage.user("go")], context)


async def test_the_loop_offers_spawn_agent_itself_after_the_acts_tools():
    model = ScriptedChatModel(["done"])

    await _act_with_spawner(model, [ProbeRead(ConcurrencyProbe())], FakeSpawner())

    assert model.requests[0].tool_names == ["probe_read", "spawn_agent"]


async def test_a_spawn_agent_call_hands_the_brief_and_what_the_loop_knows_of_the_parent():
    spawner = FakeSpawner("the child's report")
    model = ScriptedChatModel([Call("spawn_agent", {"brief": "check the tests", "charter": "dev-reviewer"}), "ok"])

    await _act_with_spawner(model, [ProbeRead(ConcurrencyProbe())], spawner, FakePermissionGate(mode="plan"))

    (request,) = spawner.requests
    assert (request.brief, request.charter, request.background) == ("check the tests", "dev-reviewer", False)
    assert (request.parent, request.mode, request.tools) == ("/assistant (t1)", "plan", ("probe_read",))
    assert model.requests[1].tool_results()["call_1_0"] == "the child's report"


async def test_a_spawn_agent_call_goes_through_the_gate_like_any_other():
    spawner = FakeSpawner()
    gate = FakePermissionGate({"spawn_agent": Verdict.deny("a deny rule names spawn_agent")})
    model = ScriptedChatModel([Call("spawn_agent", {"brief": "go"}), "ok"])

    await _act_with_spawner(model, [], spawner, gate)

    assert spawner.requests == []
    assert "a deny rule names spawn_agent" in model.requests[1].tool_results()["call_1_0"]


async def test_naming_spawn_agent_among_an_acts_tools_fails_before_the_model_is_asked():
    model = ScriptedChatModel(["never"])

    with pytest.raises(UnknownToolError, match="spawn_agent"):
        await _act_with_spawner(model, [NamedEcho("spawn_agent")], FakeSpawner())

    assert model.requests == []


async def test_without_a_spawner_a_call_of_spawn_agent_is_refused_by_name():
    model = ScriptedChatModel([Call("spawn_agent", {"brief": "help me"}), "alone, then"])

    result = await _act(model, [ProbeRead(ConcurrencyProbe())])

    assert "spawn_agent" not in model.requests[0].tool_names
    assert result.calls[0].result.text.startswith("refused: spawn_agent is not offered here, since a child agent "
                                                  "has no child of its own")


async def test_an_empty_reply_is_asked_once_for_an_answer_while_a_turn_is_left():
    model = ScriptedChatModel(["<tool_call></tool_call>", "The answer."])

    result = await _act(model, [ProbeRead(ConcurrencyProbe())])

    assert result.text == "The answer." and model.requests[1].last_user_text.startswith("Your reply had no words")


async def test_an_empty_reply_on_the_last_turn_the_budget_allows_ends_the_loop_as_it_was():
    model = ScriptedChatModel([Call("probe_read", {"path": "a"}), "<tools></tools>"])
    budget = Budget(tool_calls=None, seconds=None, context_tokens=None, turns=1)

    result = await _act(model, [ProbeRead(ConcurrencyProbe())], budget=budget)

    assert result.text == "<tools></tools>" and len(model.requests) == 2
