"""The speech server: its tools in process (SpeechTools), and its MCP surface over stdio, started as the
engine starts it (`python -m orkeon_speech`)."""

import json
import sys

import pytest

from orkeon_engine.adapters.mcp_servers import StdioMcpServers
from orkeon_engine.domain.extensions.mcp import McpServerSpec
from orkeon_speech.errors import SpeechError
from orkeon_speech.server import SpeechTools
from orkeon_speech.stt import Transcriber
from orkeon_speech.tts import Voice
from tests.support.mcp_servers import ROOT
from tests.support.speech import require_espeak, write_silence


def _tools(tmp_path, **voice):
    return SpeechTools(Voice(**voice), Transcriber(), tmp_path / "scratch")


def test_speak_writes_where_it_is_told_and_says_how_long_it_lasts(tmp_path):
    require_espeak()

    answer = _tools(tmp_path).speak("good morning", str(tmp_path / "out" / "hi.wav"))

    assert answer["path"] == str(tmp_path / "out" / "hi.wav") and answer["seconds"] > 0.3
    assert answer["played"] is False


def test_speak_without_a_path_writes_a_scratch_file(tmp_path):
    require_espeak()

    answer = _tools(tmp_path).speak("good morning")

    assert answer["path"].startswith(str(tmp_path / "scratch" / "speech-"))


def test_speak_asked_to_play_without_a_player_fails_saying_so(tmp_path):
    require_espeak()
    tools = _tools(tmp_path)

    with pytest.raises(SpeechError):
        tools.speak("hi", str(tmp_path / "hi.wav"), play_it=True)

    assert (tmp_path / "hi.wav").exists()


def test_list_audio_answers_relative_paths_sizes_and_lengths(tmp_path):
    write_silence(tmp_path / "a.wav", 1.0)

    assert _tools(tmp_path).list_audio(str(tmp_path)) == [{"path": "a.wav", "bytes": 32_044, "seconds": 1.0}]


@pytest.fixture(scope="module")
def server():
    pool = StdioMcpServers(ROOT)
    spec = McpServerSpec("speech", sys.executable, ("-m", "orkeon_speech"), (("PYTHONPATH", str(ROOT)),), "tests")
    yield pool, spec
    pool.close()


async def test_the_server_registers_its_four_tools(server):
    pool, spec = server

    names = [tool.name for tool in await pool.tools(spec)]

    assert names == ["speak", "transcribe_audio", "list_audio", "record_and_transcribe"]


async def test_a_tool_failure_reaches_the_caller_with_its_reason(server, tmp_path):
    pool, spec = server

    result = await pool.call(spec, "transcribe_audio", {"path": str(tmp_path / "none.wav")})

    assert result.is_error and result.text.endswith("none.wav: no such audio file")


async def test_an_answer_is_json_text(server, tmp_path):
    pool, spec = server
    write_silence(tmp_path / "a.wav", 0.25)

    result = await pool.call(spec, "list_audio", {"folder": str(tmp_path)})

    assert json.loads(result.text) == [{"path": "a.wav", "bytes": 8_044, "seconds": 0.25}]


async def test_recording_from_a_device_that_is_not_there_fails_clearly(server):
    pool, spec = server

    result = await pool.call(spec, "record_and_transcribe", {"seconds": 1, "device": "no-such-microphone-here"})

    assert result.is_error and "no audio input device" in result.text
