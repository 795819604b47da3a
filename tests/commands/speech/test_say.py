import json

import pytest

from orkeon_engine.commands.speech.say import ARGS, run_say
from orkeon_engine.domain.args import parse_args
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.mcp import McpServerSpec, RemoteResult
from tests.support.deps import make_deps
from tests.support.doubles.fake_mcp_servers import FakeMcpServers

SPEECH = (McpServerSpec("speech", "python", ("-m", "orkeon_speech"), (), "built-in"),)


async def _deps(answer):
    servers = FakeMcpServers(answers={("speech", "speak"): RemoteResult(json.dumps(answer))})
    return await make_deps(mcp_servers=servers, mcp_builtins=SPEECH), servers


async def test_say_out_writes_a_wav_file_to_output_named_by_the_clock():
    deps, servers = await _deps({"path": "/repo/.orkeon/local/output/x.wav", "seconds": 1.25})

    view = await run_say(parse_args("say", ARGS, ["--out", "good", "morning"]), deps)

    path = servers.calls[0][2]["path"]
    assert path.startswith("/repo/.orkeon/local/output/say-") and path.endswith(".wav")
    assert view.message == f"Wrote {view.data['path']} (1.25 s)." and view.data["path"].startswith("/output/say-")


async def test_say_plays_the_text_and_names_the_player():
    deps, servers = await _deps({"path": "/tmp/s.wav", "seconds": 0.5, "played": True, "player": "paplay"})

    view = await run_say(parse_args("say", ARGS, ["hello"]), deps)

    assert servers.calls[0][2] == {"text": "hello", "play": True}
    assert view.message == "Said it (0.5 s), played with paplay."


async def test_say_without_a_player_says_what_the_server_said():
    servers = FakeMcpServers(answers={("speech", "speak"): RemoteResult(
        "Error executing tool speak: no audio player was found; write the audio to a file instead", True)})
    deps = await make_deps(mcp_servers=servers, mcp_builtins=SPEECH)

    with pytest.raises(CommandFailedError) as raised:
        await run_say(parse_args("say", ARGS, ["hello"]), deps)

    assert str(raised.value) == "no audio player was found; write the audio to a file instead"
