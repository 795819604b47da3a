import json

import pytest

from orkeon_engine.commands.speech.voice import ARGS, DICTATION_KEY, run_voice
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteResult
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_mcp_servers import FakeMcpServers
from tests.support.scripted_chat_model import ScriptedChatModel

SPEECH = (McpServerSpec("speech", "python", ("-m", "orkeon_speech"), (), "built-in"),)
DICTATED = RemoteResult(json.dumps({"text": "rename the parser module", "language": "en", "seconds": 3}))


async def _deps(answer=DICTATED, model=None):
    servers = FakeMcpServers(answers={("speech", "record_and_transcribe"): answer})
    deps = await make_deps(mcp_servers=servers, mcp_builtins=SPEECH, chat_model=model)
    return deps.for_run("voice"), servers


async def test_voice_records_shows_and_keeps_the_dictation():
    deps, servers = await _deps()

    view = await run_voice(parse_args("voice", ARGS, ["--seconds", "4"]), deps)

    assert view.lines == ("rename the parser module",)
    assert await deps.session.get_state(DICTATION_KEY) == "rename the parser module"
    assert servers.calls[0][2] == {"seconds": 4.0, "language": ""}


async def test_voice_send_hands_the_last_dictation_to_the_assistant_once():
    model = ScriptedChatModel(["The parser module is parser.py."])
    deps, _ = await _deps(model=model)
    await deps.session.set_state(DICTATION_KEY, "rename the parser module")

    view = await run_voice(parse_args("voice", ARGS, ["send"]), deps)

    assert view.message.startswith("The parser module is parser.py.")
    assert "## The request\n\nrename the parser module" in model.requests[0].last_user_text
    assert await deps.session.get_state(DICTATION_KEY) is None


async def test_voice_send_without_a_dictation_says_how_to_make_one():
    deps, _ = await _deps()

    with pytest.raises(CommandFailedError, match="there is no dictation to send yet: /voice records one"):
        await run_voice(parse_args("voice", ARGS, ["send"]), deps)


async def test_voice_go_makes_the_dictation_the_request():
    model = ScriptedChatModel(["The parser module is parser.py."])
    deps, _ = await _deps(model=model)

    await run_voice(parse_args("voice", ARGS, ["--go"]), deps)

    assert "## The request\n\nrename the parser module" in model.requests[0].last_user_text


async def test_voice_without_a_microphone_fails_with_the_servers_reason():
    failing = RemoteResult("Error executing tool record_and_transcribe: no audio input device was found: connect a "
                           "microphone", True)
    deps, _ = await _deps(failing)

    with pytest.raises(CommandFailedError, match="^no audio input device was found: connect a microphone$"):
        await run_voice(parse_args("voice", ARGS, []), deps)


@pytest.mark.parametrize(("tokens", "problem"), [
    (["shout"], "unknown action 'shout'"),
    (["send", "--go"], "send and --go are two ways to send"),
    (["--seconds", "0"], "--seconds 0: give a number of seconds between 0 and 600"),
    (["--seconds", "lots"], "--seconds lots"),
])
async def test_bad_arguments_say_what_is_accepted(tokens, problem):
    deps, _ = await _deps()

    with pytest.raises(ArgumentError, match=problem):
        await run_voice(parse_args("voice", ARGS, tokens), deps)
