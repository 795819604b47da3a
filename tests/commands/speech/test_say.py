import json

import pytest

from orkeon_engine.commands.speech.say import ARGS, run_say
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteResult
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_mcp_servers import FakeMcpServers

SPEECH = (McpServerSpec("speech", "python", ("-m", "orkeon_speech"), (), "built-in"),)


async def _deps(answer):
    servers = FakeMcpServers(answers={("speech", "speak"): RemoteResult(json.dumps(answer))})
    return await make_deps(mcp_servers=servers, mcp_builtins=SPEECH), servers


async def test_say_out_writes_the_wav_file_it_names_and_says_where_it_is_on_disk():
    deps, servers = await _deps({"path": "/repo/h.wav", "seconds": 1.25})

    view = await run_say(parse_args("say", ARGS, ["good", "morning", "--out", "h.wav"]), deps)

    assert servers.calls[0][2] == {"text": "good morning", "play": False, "path": f"{deps.workspace.here}/h.wav"}
    assert view.message == "Wrote h.wav (1.25 s)." and view.data["path"] == f"{deps.workspace.here}/h.wav"


async def test_say_out_reads_a_path_from_the_persons_folder_and_never_shows_a_virtual_one():
    deps, servers = await _deps({"path": "/elsewhere/h.wav", "seconds": 1.0})

    view = await run_say(parse_args("say", ARGS, ["hi", "--out", "/elsewhere/h.wav"]), deps)

    assert servers.calls[0][2]["path"] == "/elsewhere/h.wav"
    assert view.message == "Wrote /elsewhere/h.wav (1 s)." and "/output" not in view.message


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
