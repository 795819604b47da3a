"""The litellm adapter's streamed call against the loopback stub server's server-sent events: the text
handed over piece by piece, the reply rebuilt (tool calls, usage), and retries only before any text."""

import pytest

from orkeon_engine.adapters.litellm_chat_model import LitellmChatModel
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatSettings, ToolCallRequest
from orkeon_engine.ports.chat_model import LlmFailure, StreamingChatModel
from tests.support.chat_model_ways import WAY, chat_way  # noqa: F401 (chat_way: the autouse fixture)
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.tiny_tools import EchoTool

MODEL = "openai/stub-model"
HELLO = [ChatMessage.system("Be brief."), ChatMessage.user("hello")]


def _model(stub, clock=None, retries=2, timeout=5.0):
    async def settings():
        return ChatSettings(MODEL, stub.url, retries, timeout)

    return LitellmChatModel(settings, clock or FakeClock(), FakeLogger(), openai_direct=WAY.direct)


class Pieces:
    def __init__(self):
        self.texts: list[str] = []

    async def __call__(self, text: str) -> None:
        self.texts.append(text)


def test_the_adapter_is_a_streaming_chat_model():
    assert isinstance(LitellmChatModel(FakeClock, FakeClock(), FakeLogger()), StreamingChatModel)


async def test_the_text_arrives_in_pieces_and_the_reply_holds_all_of_it():
    pieces = Pieces()
    with StubOpenAIServer([{"content": "hello there, person"}]) as stub:
        reply = await _model(stub).chat_streamed(HELLO, [], CallOptions(), pieces)

    assert len(pieces.texts) > 1 and "".join(pieces.texts) == "hello there, person"
    assert reply.message == ChatMessage.assistant("hello there, person")
    assert stub.requests[0]["stream"] is True and stub.requests[0]["stream_options"] == {"include_usage": True}


async def test_tool_calls_and_usage_are_rebuilt_from_the_chunks():
    step = {"tool_calls": [{"id": "call_a", "name": "echo", "arguments": {"path": "src/a.py"}}], "content": None,
            "usage": {"prompt_tokens": 40, "completion_tokens": 7}}
    pieces = Pieces()
    with StubOpenAIServer([step]) as stub:
        reply = await _model(stub).chat_streamed(HELLO, [EchoTool().spec()], CallOptions(), pieces)

    assert reply.message.tool_calls == (ToolCallRequest("call_a", "echo", '{"path": "src/a.py"}'),)
    assert (reply.usage.input_tokens, reply.usage.output_tokens) == (40, 7)
    assert pieces.texts == []


async def test_a_server_error_before_any_text_is_retried():
    clock = FakeClock()
    pieces = Pieces()
    with StubOpenAIServer([{"status": 503, "error": "busy"}, {"content": "ok now"}]) as stub:
        reply = await _model(stub, clock).chat_streamed(HELLO, [], CallOptions(), pieces)

    assert reply.message.text == "ok now" and "".join(pieces.texts) == "ok now"
    assert len(stub.requests) == 2 and clock.sleeps == [1.0]


async def test_a_refused_request_fails_at_once_with_the_providers_message():
    with StubOpenAIServer([{"status": 400, "error": "bad tools"}]) as stub, pytest.raises(LlmFailure) as failure:
        await _model(stub).chat_streamed(HELLO, [], CallOptions(), Pieces())

    assert failure.value.kind == "bad_request" and "bad tools" in str(failure.value)
    assert len(stub.requests) == 1


async def test_a_stream_that_never_ends_is_a_timeout_of_the_whole_answer_not_retried():
    pieces = Pieces()
    with StubOpenAIServer([{"ramble": 0.01}, {"content": "again"}]) as stub, pytest.raises(LlmFailure) as failure:
        await _model(stub, retries=3, timeout=1.0).chat_streamed(HELLO, [], CallOptions(), pieces)

    assert failure.value.kind == "timeout" and "llm.timeout is 1" in str(failure.value)
    assert pieces.texts and len(stub.requests) == 1


async def test_a_streamed_answer_stops_at_max_tokens_and_says_it_was_cut():
    pieces = Pieces()
    with StubOpenAIServer([{"ramble": 0.001}]) as stub:
        reply = await _model(stub).chat_streamed(HELLO, [], CallOptions(max_tokens=30), pieces)

    assert stub.requests[0]["max_tokens"] == 30
    assert reply.finish_reason == "length" and "".join(pieces.texts) == "la " * 30
