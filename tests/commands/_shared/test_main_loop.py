import json

from orkeon_engine.commands._shared.main_loop import run_assistant_turn, voice_reply
from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteResult
from tests.support.deps import make_deps
from tests.support.doubles.fake_mcp_servers import FakeMcpServers
from tests.support.scripted_chat_model import ScriptedChatModel

SPEECH = (McpServerSpec("speech", "python", ("-m", "orkeon_speech"), (), "built-in"),)
SPOKEN = RemoteResult(json.dumps({"path": "/tmp/a.wav", "seconds": 1, "played": True, "player": "paplay"}))


async def _deps(voice, answer=SPOKEN, model=None):
    servers = FakeMcpServers(answers={("speech", "speak"): answer})
    deps = await make_deps(mcp_servers=servers, mcp_builtins=SPEECH, chat_model=model)
    if voice:
        await deps.config.set_value("voice.reply", "true", "session")
    return deps.for_run("assistant"), servers


async def test_voice_reply_off_has_no_epilogue():
    deps, _ = await _deps(voice=False)

    assert await voice_reply(deps) is None


async def test_voice_reply_on_speaks_the_answer_after_the_turn():
    deps, servers = await _deps(voice=True, model=ScriptedChatModel(["**Done**: the parser reads the header."]))

    view = await run_assistant_turn(deps, "run the tests")

    assert view.message.startswith("**Done**: the parser reads the header.")
    assert servers.calls == [("speech", "speak", {"text": "Done : the parser reads the header.", "play": True})]


async def test_a_voice_reply_that_fails_is_only_a_warning_beside_the_answer():
    failing = RemoteResult("Error executing tool speak: no audio player was found", True)
    deps, _ = await _deps(voice=True, answer=failing, model=ScriptedChatModel(["Done."]))

    view = await run_assistant_turn(deps, "run the tests")

    assert view.message.startswith("Done.")
    assert "warning: the closing call failed: no audio player was found" in view.lines


async def test_a_local_model_nobody_priced_says_no_price_once_in_the_closing_line():
    from orkeon_engine.domain.model.chat import Usage

    unpriced = ScriptedChatModel(["Done."], usage=Usage(input_tokens=10, output_tokens=5, cost=None))
    deps = await make_deps(chat_model=unpriced, env={"ORKEON_MODEL": "openai/qwen",
                                                      "ORKEON_API_BASE": "http://127.0.0.1:8080/v1"})

    view = await run_assistant_turn(deps.for_run("assistant"), "say done")

    assert view.message.count("no price (local model)") == 1 and "out, unknown" not in view.message


async def test_a_hosted_model_nobody_priced_says_unknown():
    from orkeon_engine.domain.model.chat import Usage

    unpriced = ScriptedChatModel(["Done."], usage=Usage(input_tokens=10, output_tokens=5, cost=None))
    deps = await make_deps(chat_model=unpriced, env={"ORKEON_MODEL": "openai/gpt-4o-mini"})

    view = await run_assistant_turn(deps.for_run("assistant"), "say done")

    assert "10 tokens in, 5 out, unknown" in view.message and "local model" not in view.message
