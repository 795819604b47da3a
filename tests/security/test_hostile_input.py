"""Typed errors for hostile input: a deeply nested `.orkeon/config.json` (a repository can commit one)
broke every command with a RecursionError traceback; the model's tool arguments likewise; a provider reply
without `message` gave a litellm traceback, and a 200 with a bad body was called "answered 500". Each is
now one sentence naming the file or the problem."""

import os

import pytest

from orkeon_engine.adapters.litellm_chat_model import LitellmChatModel
from orkeon_engine.adapters.system_clock import SystemClock
from orkeon_engine.bootstrap import build_engine
from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import CallOptions, ChatMessage, ChatSettings, ToolCallRequest
from orkeon_engine.domain.model.pricing import parse_pricing
from orkeon_engine.engine import Failed
from orkeon_engine.ports.chat_model import LlmFailure
from orkeon_engine.ports.ui import UserInterface
from orkeon_engine.services.act import act
from orkeon_engine.services.act_context import ActContext
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_permission_gate import FakePermissionGate
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.scripted_chat_model import Call, ScriptedChatModel
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.tiny_tools import ConcurrencyProbe, ProbeRead

UNLIMITED = Budget(tool_calls=None, seconds=None, context_tokens=None)
DEEP = '{"permissions": ' + "[" * 200_000 + "]" * 200_000 + "}"
DEEP_BUT_PARSEABLE = '{"hooks": ' + '{"a": ' * 500 + "1" + "}" * 500 + "}"


@pytest.mark.parametrize("text", [DEEP, DEEP_BUT_PARSEABLE])
@pytest.mark.parametrize("command", [["status"], ["config", "get", "model"], ["permissions"], ["doctor"]])
async def test_a_deeply_nested_project_settings_file_gives_every_command_a_typed_message(tmp_path, text, command):
    (tmp_path / ".orkeon").mkdir()
    (tmp_path / ".orkeon" / "config.json").write_text(text)
    ui = UserInterface(FakeHumanInput(), FakeProgress(), FakeLogger())
    engine = await build_engine(tmp_path, ui, env={"PATH": os.environ["PATH"], "XDG_CONFIG_HOME": str(tmp_path / "x")})

    result = await engine.run(command[0], command[1:])
    rendered = result.render()
    engine.close()

    assert "Traceback" not in rendered and "RecursionError" not in rendered
    assert "Traceback" not in ui.logger.text()
    assert f"{tmp_path}/.orkeon/config.json: its JSON nests more than 32 levels deep" in rendered
    assert isinstance(result, Failed) == (command[0] == "config")


def test_deeply_nested_tool_arguments_are_a_plain_refusal():
    with pytest.raises(ValueError, match="the arguments nest more than 64 levels deep"):
        ToolCallRequest("c1", "file_read", '{"path": ' + "[" * 100_000 + "]" * 100_000 + "}").decoded()


async def test_the_tool_loop_feeds_deep_arguments_back_as_an_error_the_model_reads():
    model = ScriptedChatModel([Call("probe_read", '{"path": ' + "[" * 50_000 + "]" * 50_000 + "}", id="d1"),
                               "sorry"])

    await act("You are a test.", [ChatMessage.user("go")],
              ActContext([ProbeRead(ConcurrencyProbe())], UNLIMITED, FakePermissionGate(), model, FakeClock()))

    assert "nest more than 64 levels deep" in model.requests[1].tool_results()["d1"]


@pytest.mark.parametrize(("body", "said"), [
    ({"id": "x", "object": "chat.completion", "choices": [{"index": 0, "finish_reason": "stop"}]},
     "its choice holds no message"),
    ({"id": "x"}, "it holds no choices"),
    ("<html>proxy error page</html>", "its body is not JSON"),
    ({"choices": [{"index": 0, "message": None, "finish_reason": "stop"}]}, "its choice holds no message"),
])
async def test_a_200_the_model_adapter_cannot_read_is_one_sentence_never_a_500(body, said):
    with StubOpenAIServer([{"body": body}] * 3) as stub:
        async def settings():
            return ChatSettings("openai/stub-model", stub.url, 2, 10.0, parse_pricing(None))

        chat = LitellmChatModel(settings, SystemClock(), FakeLogger())
        with pytest.raises(LlmFailure) as caught:
            await chat.chat([ChatMessage.user("hi")], [], CallOptions())
        asked = len(stub.requests)

    message = str(caught.value)
    assert caught.value.kind == "bad_reply" and said in message and "\n" not in message
    # The port is random and may hold the digits 500; the status must not appear as a status.
    without_url = message.replace(stub.url, "<url>")
    assert "500" not in without_url and "Traceback" not in message and asked == 1
