"""The scripted model: its kinds of turns, what it records, and the concurrency it observes."""

import asyncio

import pytest

from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ToolCallRequest
from orkeon_engine.ports.chat_model import LlmFailure
from tests.support.scripted_chat_model import Call, ScriptedChatModel

HI = [ChatMessage.user("hi")]


async def test_text_and_tool_call_turns_play_in_order_with_generated_ids():
    model = ScriptedChatModel([Call("echo", {"path": "a"}), "done"])

    first = await model.chat(HI, [], CallOptions())
    second = await model.chat(HI, [], CallOptions())

    assert first.message.tool_calls == (ToolCallRequest("call_1_0", "echo", '{"path": "a"}'),)
    assert (second.message.text, model.remaining) == ("done", 0)


async def test_a_function_turn_answers_from_the_request():
    model = ScriptedChatModel([lambda request: f"you said {request.last_user_text}"])

    reply = await model.chat(HI, [], CallOptions())

    assert reply.message.text == "you said hi"


async def test_an_exception_turn_is_raised():
    model = ScriptedChatModel([LlmFailure("boom")])

    with pytest.raises(LlmFailure, match="boom"):
        await model.chat(HI, [], CallOptions())


async def test_a_call_with_no_turn_left_fails_the_test_loudly():
    model = ScriptedChatModel()

    with pytest.raises(AssertionError, match="no turn left for request #1"):
        await model.chat(HI, [], CallOptions())


async def test_held_calls_overlap_and_the_peak_is_reported():
    hold = asyncio.Event()
    model = ScriptedChatModel(["a", "b", "c"], hold=hold)
    calls = [asyncio.create_task(model.chat(HI, [], CallOptions())) for _ in range(3)]
    while model.active < 3:
        await asyncio.sleep(0)
    hold.set()

    await asyncio.gather(*calls)

    assert model.max_active == 3 and model.active == 0
