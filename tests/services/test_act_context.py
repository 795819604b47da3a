import dataclasses

import pytest

from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage
from orkeon_engine.services.act import act
from orkeon_engine.services.act_context import ActContext
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.scripted_chat_model import Call, ScriptedChatModel
from tests.support.tiny_tools import EchoTool


def _context(model, **extra):
    return ActContext([EchoTool()], Budget(), FakePermissionGate(), model, FakeClock(), **extra)


def test_a_context_asks_with_the_models_own_options_unless_given_others():
    context = _context(ScriptedChatModel([]))

    assert context.options == CallOptions() and context.spawner is None and context.parent == ""


def test_a_context_is_a_value_a_run_cannot_change():
    context = _context(ScriptedChatModel([]))

    with pytest.raises(dataclasses.FrozenInstanceError):
        context.budget = Budget(tool_calls=1)  # type: ignore[misc]


async def test_one_context_serves_two_runs_each_with_its_own_calls():
    model = ScriptedChatModel([Call("echo", {"path": "a.py"}), "first", "second"])
    context = _context(model)

    first = await act("You are a test.", [ChatMessage.user("go")], context)
    second = await act("You are a test.", [ChatMessage.user("again")], context)

    assert [call.name for call in first.calls] == ["echo"] and first.text == "first"
    assert second.calls == () and second.text == "second"
