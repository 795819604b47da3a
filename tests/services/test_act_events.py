"""The tool loop with TurnEvents: the model's text streamed (or handed over whole by a model that cannot
stream), and each call reported checked, started and finished in order; without events nothing streams."""

from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.domain.tool_call import Verdict
from orkeon_engine.services.act import act
from orkeon_engine.services.act_context import ActContext
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.doubles.fake_streaming_chat_model import FakeStreamingChatModel
from tests.support.doubles.fake_turn_events import FakeTurnEvents
from tests.support.scripted_chat_model import Call, ScriptedChatModel, Turn
from tests.support.tiny_tools import ConcurrencyProbe, ProbeRead, RecordingEdit

UNLIMITED = Budget(tool_calls=None, seconds=None, context_tokens=None)


async def _act(model, tools=(), gate=None, events=None):
    context = ActContext(list(tools), UNLIMITED, gate or FakePermissionGate(), model, FakeClock(), events=events)
    return await act("You are a test.", [ChatMessage.user("go")], context)


async def test_a_streaming_models_text_reaches_the_events_in_pieces():
    events = FakeTurnEvents()
    model = FakeStreamingChatModel(ScriptedChatModel(["all done here"]), piece=4)

    result = await _act(model, events=events)

    assert events.texts() == ["all ", "done", " her", "e"]
    assert result.text == "all done here" and model.streamed == 1


async def test_a_model_that_cannot_stream_hands_its_text_over_whole():
    events = FakeTurnEvents()

    await _act(ScriptedChatModel(["the answer"]), events=events)

    assert events.events == [("text", "the answer")]


async def test_without_events_the_model_is_not_asked_to_stream():
    model = FakeStreamingChatModel(ScriptedChatModel(["quiet"]))

    await _act(model)

    assert model.streamed == 0


async def test_an_allowed_call_is_checked_started_and_finished_with_the_models_id():
    events = FakeTurnEvents()
    model = ScriptedChatModel([Turn("let me write", (Call("file_write", {"path": "a.py", "text": "x"}, id="w1"),)),
                               "written"])

    await _act(model, [RecordingEdit()], events=events)

    assert events.kinds() == ["text", "checked", "started", "finished", "text"]
    checked, started, finished = (value for kind, value in events.events if kind not in ("text",))
    assert checked.call_id == started.call_id == finished.id == "w1"
    assert checked.paths == ("a.py",) and finished.result.text == "wrote a.py"


async def test_a_refused_call_is_checked_and_finished_but_never_started():
    events = FakeTurnEvents()
    gate = FakePermissionGate({"file_write": Verdict.deny("no edits today")})
    model = ScriptedChatModel([[Call("file_write", {"path": "a.py", "text": "x"})], "fine"])

    await _act(model, [RecordingEdit()], gate, events)

    assert [kind for kind in events.kinds() if kind != "text"] == ["checked", "finished"]
    finished = next(value for kind, value in events.events if kind == "finished")
    assert finished.result.is_error and "no edits today" in finished.result.text


async def test_an_unknown_tool_is_only_reported_finished():
    events = FakeTurnEvents()
    model = ScriptedChatModel([[Call("no_such_tool", id="u1")], "sorry"])

    await _act(model, [ProbeRead(ConcurrencyProbe())], events=events)

    finished = [value for kind, value in events.events if kind == "finished"]
    assert [kind for kind in events.kinds() if kind != "text"] == ["finished"]
    assert finished[0].id == "u1" and "unknown tool" in finished[0].result.text


async def test_the_gate_sees_each_call_stamped_with_the_models_id():
    gate = FakePermissionGate()
    model = ScriptedChatModel([[Call("probe_read", {"path": "a"}, id="r7")], "read"])

    await _act(model, [ProbeRead(ConcurrencyProbe())], gate)

    assert gate.calls[0].call_id == "r7"
