import json

import pytest

from orkeon_engine.crews.speech.run import SpeechPorts, list_audio, record_dictation, speak, speak_answer, transcribe
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteResult
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.mcp_hub import McpHub
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_mcp_servers import FakeMcpServers
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust

SPEECH = McpServerSpec("speech", "python", ("-m", "orkeon_speech"), (), "built-in")
SPOKEN = RemoteResult(json.dumps({"path": "/x.wav", "seconds": 1.5, "played": True, "player": "aplay"}))
HEARD = RemoteResult(json.dumps({"text": "good morning", "language": "en", "seconds": 1.2}))


async def _ports(servers, files=None):
    session = await CurrentSession.open(FakeSessionStore())
    hub = McpHub(ConfigStore(FakeConfigFiles(), session, FakeWorkspaceTrust()), servers, {}, None, (SPEECH,))
    return SpeechPorts(hub, files or FakeFiles())


async def test_speak_to_a_file_hands_the_server_the_host_path_behind_the_virtual_one():
    servers = FakeMcpServers(answers={("speech", "speak"): SPOKEN})

    await speak(await _ports(servers), "hello", "/output/a.wav")

    assert servers.calls == [("speech", "speak", {"text": "hello", "play": False,
                                                   "path": "/repo/.orkeon/local/output/a.wav"})]


async def test_speak_without_a_file_plays():
    servers = FakeMcpServers(answers={("speech", "speak"): SPOKEN})

    spoken = await speak(await _ports(servers), "hello")

    assert servers.calls[0][2] == {"text": "hello", "play": True} and spoken.player == "aplay"


async def test_transcribe_follows_a_symlink_inside_the_mount_and_reads_the_words():
    servers = FakeMcpServers(answers={("speech", "transcribe_audio"): HEARD})
    files = FakeFiles()
    files.links["/workspace/latest.wav"] = "/workspace/talks/monday.wav"

    heard = await transcribe(await _ports(servers, files), "latest.wav", "en")

    assert heard.text == "good morning"
    assert servers.calls[0][2] == {"path": "/repo/talks/monday.wav", "language": "en"}


async def test_a_path_outside_the_mounts_is_refused_before_the_server_is_asked():
    servers = FakeMcpServers()

    with pytest.raises(CommandFailedError, match="/etc/passwd"):
        await transcribe(await _ports(servers), "/etc/passwd")

    assert servers.calls == []


async def test_the_listing_gives_virtual_paths():
    listing = RemoteResult(json.dumps([{"path": "talks/a.wav", "bytes": 10, "seconds": 1.0}]))
    servers = FakeMcpServers(answers={("speech", "list_audio"): listing})

    items = await list_audio(await _ports(servers), "/workspace")

    assert [item.path for item in items] == ["/workspace/talks/a.wav"]
    assert servers.calls[0][2] == {"folder": "/repo"}


async def test_a_tool_failure_is_the_servers_reason():
    failing = RemoteResult("Error executing tool record_and_transcribe: no audio input device was found", True)
    servers = FakeMcpServers(answers={("speech", "record_and_transcribe"): failing})

    with pytest.raises(CommandFailedError, match="^no audio input device was found$"):
        await record_dictation(await _ports(servers), 5)


async def test_a_server_that_cannot_start_says_how_to_get_speech():
    servers = FakeMcpServers(failing={"speech": "its command was not found"})

    with pytest.raises(CommandFailedError) as raised:
        await speak(await _ports(servers), "hello")

    assert "the MCP server speech could not start" in str(raised.value)
    assert "pip install 'orkeon[speech]'" in str(raised.value)


async def test_an_answer_is_spoken_as_a_listener_hears_it():
    servers = FakeMcpServers(answers={("speech", "speak"): SPOKEN})

    await speak_answer(await _ports(servers), "**Done.** See `a.py`.")

    assert servers.calls[0][2] == {"text": "Done. See a.py .", "play": True}
