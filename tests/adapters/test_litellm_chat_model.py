"""The litellm adapter against the loopback stub server: replies, tool calls, usage and cost, retries,
timeouts, failures, and a quiet stdout."""

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from orkeon_engine.adapters.http_server_health import probe_health
from orkeon_engine.adapters.litellm_chat_model import LitellmChatModel
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatSettings, ToolCallRequest, Usage
from orkeon_engine.domain.model.pricing import parse_pricing
from orkeon_engine.domain.model.structured_output import structured_output
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.services.act import act
from orkeon_engine.services.act_context import ActContext
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.model_settings import chat_settings
from orkeon_engine.services.session_io import CurrentSession
from tests.support.chat_model_ways import WAY, chat_way  # noqa: F401 (chat_way: the autouse fixture)
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust
from tests.support.silent_server import SilentServer
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.tiny_tools import EchoTool

ROOT = Path(__file__).resolve().parents[2]
MODEL = "openai/stub-model"
HELLO = [ChatMessage.system("Be brief."), ChatMessage.user("hello")]


def _model(stub, clock=None, logger=None, retries=3, timeout=5.0, pricing=None, env=None):
    async def settings():
        return ChatSettings(MODEL, stub.url, retries, timeout, parse_pricing(pricing))

    return LitellmChatModel(settings, clock or FakeClock(), logger or FakeLogger(), env=env,
                            openai_direct=WAY.direct)


async def test_a_plain_reply_comes_back_as_the_assistant_message():
    with StubOpenAIServer([{"content": "hi there"}]) as stub:
        reply = await _model(stub).chat(HELLO, [], CallOptions())

    assert reply.message == ChatMessage.assistant("hi there")
    assert (reply.model, reply.finish_reason) == (MODEL, "stop")
    assert stub.requests[0]["model"] == "stub-model"
    assert stub.requests[0]["messages"] == [{"role": "system", "content": "Be brief."},
                                           {"role": "user", "content": "hello"}]


async def test_tool_calls_come_back_with_their_ids_and_json_arguments():
    step = {"tool_calls": [{"id": "call_a", "name": "echo", "arguments": {"path": "src/a.py"}}], "content": None}
    with StubOpenAIServer([step]) as stub:
        reply = await _model(stub).chat(HELLO, [EchoTool().spec()], CallOptions())

    assert reply.message.tool_calls == (ToolCallRequest("call_a", "echo", '{"path": "src/a.py"}'),)
    assert reply.finish_reason == "tool_calls"
    assert stub.requests[0]["tools"] == [EchoTool().spec()]


async def test_a_tool_round_is_sent_in_the_openai_shape():
    call = ToolCallRequest("call_a", "echo", '{"path": "a"}')
    conversation = [*HELLO, ChatMessage.assistant("", (call,)), ChatMessage.tool(call, "a")]
    with StubOpenAIServer([{"content": "done"}]) as stub:
        await _model(stub).chat(conversation, [EchoTool().spec()], CallOptions())

    sent = stub.requests[0]["messages"]
    assert sent[2]["tool_calls"] == [{"id": "call_a", "type": "function",
                                      "function": {"name": "echo", "arguments": '{"path": "a"}'}}]
    assert (sent[3]["role"], sent[3]["tool_call_id"], sent[3]["content"]) == ("tool", "call_a", "a")


async def test_usage_is_read_and_priced_from_the_pricing_setting():
    usage = {"prompt_tokens": 2_000_000, "completion_tokens": 1_000_000, "cached_tokens": 500_000}
    with StubOpenAIServer([{"content": "x", "usage": usage}]) as stub:
        reply = await _model(stub, pricing={"input": 1.0, "output": 4.0}).chat(HELLO, [], CallOptions())

    assert reply.usage == Usage(2_000_000, 1_000_000, 500_000, 0, 6.0)


async def test_a_model_nobody_can_price_has_an_unknown_cost():
    with StubOpenAIServer([{"content": "x"}]) as stub:
        reply = await _model(stub).chat(HELLO, [], CallOptions())

    assert reply.usage.cost is None and reply.usage.input_tokens == 10


async def test_the_call_options_reach_the_server():
    with StubOpenAIServer([{"content": "x"}]) as stub:
        await _model(stub).chat(HELLO, [], CallOptions(max_tokens=64, temperature=0.2, reasoning_effort="high"))

    sent = stub.requests[0]
    assert (sent["max_tokens"], sent["temperature"], sent["reasoning_effort"]) == (64, 0.2, "high")


async def test_a_429_is_retried_after_a_wait_on_the_clock_and_then_succeeds():
    clock, logger = FakeClock(), FakeLogger()
    with StubOpenAIServer([{"status": 429, "error": "Rate limit reached"}, {"content": "second time"}]) as stub:
        reply = await _model(stub, clock, logger).chat(HELLO, [], CallOptions())

    assert reply.message.text == "second time"
    assert clock.sleeps == [1.0] and len(stub.requests) == 2
    assert "rate_limit on attempt 1 of 4" in logger.text()


async def test_a_500_that_outlasts_the_retries_is_an_llm_failure_with_the_providers_message(capfd):
    clock = FakeClock()
    steps = [{"status": 500, "error": "the backend fell over"}] * 3
    with StubOpenAIServer(steps) as stub, pytest.raises(LlmFailure) as failure:
        await _model(stub, clock, retries=2).chat(HELLO, [], CallOptions())

    assert (failure.value.kind, failure.value.status) == ("server", 500)
    assert "the backend fell over" in str(failure.value) and "after 3 attempts" in str(failure.value)
    assert clock.sleeps == [1.0, 2.0] and len(stub.requests) == 3
    assert capfd.readouterr().out == ""


async def test_a_hang_ends_in_one_sentence_naming_the_model_the_setting_and_what_to_do():
    with StubOpenAIServer([{"hang": 30}]) as stub, pytest.raises(LlmFailure) as failure:
        await _model(stub, retries=0, timeout=0.5).chat(HELLO, [], CallOptions())

    assert failure.value.kind == "timeout"
    assert str(failure.value) == (
        f"{MODEL}: no complete answer within 0.5 s (llm.timeout is 0.5), and the same request was not sent "
        "again since it would take as long: set llm.timeout higher, or model.maxOutputTokens lower so the "
        "model's answers end sooner")


async def test_a_timeout_is_not_retried_however_many_retries_are_allowed():
    logger = FakeLogger()
    with StubOpenAIServer([{"hang": 30}, {"content": "awake"}]) as stub, pytest.raises(LlmFailure) as failure:
        await _model(stub, logger=logger, retries=3, timeout=0.5).chat(HELLO, [], CallOptions())

    assert failure.value.kind == "timeout"
    assert len(stub.requests) == 1 and "retrying" not in logger.text()


async def test_an_answer_that_comes_slower_than_the_timeout_is_a_timeout_not_a_wait():
    with StubOpenAIServer([{"content": "late", "delay": 3}]) as stub, pytest.raises(LlmFailure) as failure:
        await _model(stub, timeout=0.5).chat(HELLO, [], CallOptions())

    assert failure.value.kind == "timeout" and len(stub.requests) == 1


async def test_max_tokens_reaches_the_request_body():
    with StubOpenAIServer([{"content": "hi"}]) as stub:
        await _model(stub).chat(HELLO, [], CallOptions(max_tokens=321))

    assert stub.requests[0]["max_tokens"] == 321


async def test_a_rambling_answer_stops_at_max_tokens_and_says_it_was_cut():
    with StubOpenAIServer([{"ramble": True}]) as stub:
        reply = await _model(stub).chat(HELLO, [], CallOptions(max_tokens=40))

    assert reply.finish_reason == "length"
    assert reply.usage.output_tokens == 40


async def test_an_auth_error_is_not_retried_and_never_shows_the_key():
    secret = "abc-very-secret-value-42"
    with StubOpenAIServer([{"status": 401, "error": f"Incorrect API key provided: {secret}"}]) as stub, \
            pytest.raises(LlmFailure) as failure:
        await _model(stub, env={"TEAM_PROXY_KEY": secret}).chat(HELLO, [], CallOptions())

    assert failure.value.kind == "auth" and len(stub.requests) == 1
    assert secret not in str(failure.value) and "***" in str(failure.value)


async def test_no_model_configured_is_not_configured_and_sends_nothing():
    config = ConfigStore(FakeConfigFiles(), await CurrentSession.open(FakeSessionStore()), FakeWorkspaceTrust())

    async def settings():
        return await chat_settings(config, {})

    with StubOpenAIServer([]) as stub, pytest.raises(NotConfiguredError, match="ORKEON_MODEL"):
        await LitellmChatModel(settings, FakeClock(), FakeLogger()).chat(HELLO, [], CallOptions())

    assert stub.requests == []


async def test_the_model_override_of_a_call_is_the_model_asked_and_recorded():
    with StubOpenAIServer([{"content": "x"}]) as stub:
        reply = await _model(stub).chat(HELLO, [], CallOptions(model="openai/other-model"))

    assert stub.requests[0]["model"] == "other-model" and reply.model == "openai/other-model"



async def test_the_tool_loop_runs_over_litellm_and_feeds_the_result_back():
    steps = [{"tool_calls": [{"id": "call_a", "name": "echo", "arguments": {"path": "src/a.py"}}]},
             {"content": "a.py echoed"}]
    with StubOpenAIServer(steps) as stub:
        context = ActContext([EchoTool()], Budget(), FakePermissionGate(), _model(stub), FakeClock())
        result = await act("Be brief.", [ChatMessage.user("echo a")], context)

    assert result.text == "a.py echoed" and result.calls[0].result.text == "src/a.py"
    assert stub.requests[1]["messages"][-1] == {"role": "tool", "tool_call_id": "call_a", "content": "src/a.py",
                                                "name": "echo"}


def test_importing_and_calling_litellm_writes_nothing_on_stdout_and_says_it_is_loading_the_client():
    script = textwrap.dedent(f"""
        import asyncio
        import sys
        from tests.support.stub_openai_server import StubOpenAIServer
        from tests.support.doubles.fake_clock import FakeClock
        from tests.support.doubles.fake_logger import FakeLogger
        from orkeon_engine.adapters.litellm_chat_model import LitellmChatModel
        from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatSettings

        async def main():
            with StubOpenAIServer([{{"content": "hi"}}, {{"status": 500, "error": "boom"}}]) as stub:
                async def settings():
                    return ChatSettings("{MODEL}", stub.url, retries=0)
                notice = lambda text: print("notice:", text, file=sys.stderr)
                model = LitellmChatModel(settings, FakeClock(), FakeLogger(), notice=notice, openai_direct=False)
                await model.chat([ChatMessage.user("x")], [], CallOptions())
                try:
                    await model.chat([ChatMessage.user("x")], [], CallOptions())
                except Exception as error:
                    print(type(error).__name__, file=sys.stderr)

        asyncio.run(main())
    """)
    env = {**os.environ, "LITELLM_LOG": "DEBUG"}

    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, env=env,
                          timeout=120)

    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and "LlmFailure" in done.stderr
    assert done.stderr.count("notice: loading the model client") == 1


def _refusing_base() -> tuple[str, int]:
    """The api base (and port) of a stub that has stopped: every connection to it is refused."""
    stub = StubOpenAIServer([])
    stub.stop()
    return stub.url, stub.port


def _model_at(url, clock, logger=None, retries=5):
    async def settings():
        return ChatSettings(MODEL, url, retries=retries, timeout=5)

    return LitellmChatModel(settings, clock, logger or FakeLogger(), openai_direct=WAY.direct)


async def test_a_server_that_is_not_there_is_a_connection_failure_naming_the_api_base():
    url, _ = _refusing_base()
    clock = FakeClock()

    with pytest.raises(LlmFailure) as failure:
        await _model_at(url, clock, retries=1).chat(HELLO, [], CallOptions())

    assert failure.value.kind == "connection" and f"could not reach {url}" in str(failure.value)
    assert clock.sleeps == [1.0]


async def test_a_server_that_cannot_be_reached_is_retried_once_with_one_warning_then_not_at_all():
    url, _ = _refusing_base()
    clock, logger = FakeClock(), FakeLogger()
    model = _model_at(url, clock, logger)

    for _ in range(3):
        with pytest.raises(LlmFailure):
            await model.chat(HELLO, [], CallOptions())

    assert clock.sleeps == [1.0]
    assert [level for level, _ in logger.lines] == ["warning"] and "retrying once" in logger.text()


async def test_a_server_that_answers_again_is_retried_again_when_it_drops():
    url, port = _refusing_base()
    clock = FakeClock()
    model = _model_at(url, clock)

    with pytest.raises(LlmFailure):
        await model.chat(HELLO, [], CallOptions())
    with StubOpenAIServer([{"content": "back"}], port=port):
        await model.chat(HELLO, [], CallOptions())
    with pytest.raises(LlmFailure):
        await model.chat(HELLO, [], CallOptions())

    assert clock.sleeps == [1.0, 1.0]


async def test_text_that_utf8_cannot_encode_is_sent_with_replacement_characters():
    undecodable = b"caf\xe9".decode("utf-8", "surrogateescape")
    with StubOpenAIServer([{"content": "ok"}]) as stub:
        reply = await _model(stub).chat([ChatMessage.user(undecodable)], [], CallOptions())

    assert reply.message.text == "ok" and stub.requests[0]["messages"][0]["content"] == "caf\ufffd"


async def test_an_encoding_error_on_this_machine_is_a_local_failure_never_the_providers():
    clock = FakeClock()
    spec = {"type": "function", "function": {"name": "echo", "description": "caf\udce9",
                                             "parameters": {"type": "object", "properties": {}}}}
    with StubOpenAIServer([{"content": "unused"}]) as stub, pytest.raises(LlmFailure) as failure:
        await _model(stub, clock).chat(HELLO, [spec], CallOptions())

    assert failure.value.kind == "local" and failure.value.status is None
    assert "local error before it reached the provider" in str(failure.value)
    assert "provider answered" not in str(failure.value)
    assert stub.requests == [] and clock.sleeps == []


VERDICT_SCHEMA = {"type": "object", "properties": {"verdict": {"type": "string"}}, "required": ["verdict"]}
VERDICT = {"verdict": "GAPS"}


def _structured(stub, way, logger=None):
    async def settings():
        return ChatSettings(MODEL, stub.url, 0, 5.0, structured_output=way)

    return LitellmChatModel(settings, FakeClock(), logger or FakeLogger(), openai_direct=WAY.direct)


def _asking():
    return CallOptions(structured=structured_output("Verdict", VERDICT_SCHEMA, "The verdict."))


async def test_json_schema_sends_the_strict_schema_as_response_format():
    with StubOpenAIServer([{"json": VERDICT}], schema="follow") as stub:
        reply = await _structured(stub, "json_schema").chat(HELLO, [], _asking())

    assert reply.structured_way == "json_schema" and json.loads(reply.message.text) == VERDICT
    assert stub.requests[0]["response_format"] == {
        "type": "json_schema",
        "json_schema": {"name": "Verdict", "strict": True, "description": "The verdict.",
                        "schema": {**VERDICT_SCHEMA, "additionalProperties": False}},
    }


async def test_tool_forces_a_call_of_one_tool_whose_parameters_are_the_schema():
    with StubOpenAIServer([{"json": VERDICT}], schema="follow") as stub:
        reply = await _structured(stub, "tool").chat(HELLO, [], _asking())

    sent = stub.requests[0]
    assert sent["tool_choice"] == {"type": "function", "function": {"name": "Verdict"}}
    assert [t["function"]["name"] for t in sent["tools"]] == ["Verdict"] and "response_format" not in sent
    assert reply.structured_way == "tool" and json.loads(reply.message.tool_calls[0].arguments) == VERDICT


async def test_prompt_asks_nothing_of_the_server():
    with StubOpenAIServer([{"content": '{"verdict": "VALID"}'}]) as stub:
        reply = await _structured(stub, "prompt").chat(HELLO, [], _asking())

    assert reply.structured_way == "prompt"
    assert not {"response_format", "tool_choice", "tools"} & set(stub.requests[0])


async def test_auto_on_an_openai_compatible_base_asks_json_schema_first():
    with StubOpenAIServer([{"json": VERDICT}], schema="follow") as stub:
        reply = await _structured(stub, "auto").chat(HELLO, [], _asking())

    assert reply.structured_way == "json_schema" and "response_format" in stub.requests[0]


async def test_auto_goes_on_with_a_forced_tool_when_the_server_refuses_response_format_and_remembers():
    logger = FakeLogger()
    with StubOpenAIServer([{"json": VERDICT}, {"json": {"verdict": "VALID"}}], schema="tools-only") as stub:
        model = _structured(stub, "auto", logger)
        first = await model.chat(HELLO, [], _asking())
        second = await model.chat(HELLO, [], _asking())

    assert (first.structured_way, second.structured_way) == ("tool", "tool")
    assert ["response_format" in r for r in stub.requests] == [True, False, False]
    assert [level for level, _ in logger.lines] == ["info"] and "refused json_schema" in logger.text()


async def test_an_explicit_way_the_server_refuses_fails_naming_the_setting():
    with StubOpenAIServer([{"json": VERDICT}], schema="tools-only") as stub, pytest.raises(LlmFailure) as failure:
        await _structured(stub, "json_schema").chat(HELLO, [], _asking())

    assert failure.value.status == 400 and len(stub.requests) == 1
    assert "model.structuredOutput is json_schema: set it to auto or prompt" in str(failure.value)


def _watched(url, first_byte, lines=None, timeout=30.0):
    async def settings():
        return ChatSettings(MODEL, url, 3, timeout, first_byte_seconds=first_byte)

    async def quick_probe(api_base):
        return await probe_health(api_base, timeout=0.3)

    return LitellmChatModel(settings, FakeClock(), FakeLogger(), waiting=lines, probe=quick_probe,
                            openai_direct=WAY.direct)


async def test_a_server_that_accepts_and_never_answers_ends_the_call_at_the_first_byte_deadline():
    with SilentServer() as silent:
        began = time.monotonic()
        with pytest.raises(LlmFailure) as failure:
            await _watched(silent.url, 0.3).chat(HELLO, [], CallOptions())
        took = time.monotonic() - began

    message = str(failure.value)
    assert failure.value.kind == "timeout" and "\n" not in message
    assert silent.url in message and "llm.firstByteSeconds is 0.3" in message and "hung" in message
    assert took < 10  # the deadline and a short health check, not llm.timeout's 30 s
    assert len(silent.accepted) == 2  # the call and the health check; a hung server is not asked again


async def test_a_streamed_call_to_a_hung_server_ends_the_same_way():
    with SilentServer() as silent, pytest.raises(LlmFailure) as failure:
        await _watched(silent.url, 0.3).chat_streamed(HELLO, [], CallOptions(), _ignore)

    assert "llm.firstByteSeconds is 0.3" in str(failure.value) and "hung" in str(failure.value)


async def _ignore(text):
    pass


async def test_a_slow_server_that_answers_its_health_check_gets_its_time_and_the_wait_is_shown():
    lines = []
    with StubOpenAIServer([{"content": "worth the wait", "delay": 1.6}]) as stub:
        reply = await _watched(stub.url, 0.3, lines.append).chat(HELLO, [], CallOptions())
        asked = [path for _, path, _ in stub.fact_requests]

    assert reply.message.text == "worth the wait" and "/health" in asked
    shown = [line for line in lines if line]
    assert shown and shown[-1].startswith(f"waiting for {stub.url}: ") and lines[-1] is None
