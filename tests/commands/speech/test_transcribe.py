import json

import pytest

from orkeon_engine.commands.speech.transcribe import ARGS, run_transcribe
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.mcp import McpServerSpec, RemoteResult
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_mcp_servers import FakeMcpServers
from tests.support.scripted_chat_model import ScriptedChatModel

SPEECH = (McpServerSpec("speech", "python", ("-m", "orkeon_speech"), (), "built-in"),)
HEARD = RemoteResult(json.dumps({"text": "we ship on friday", "language": "en", "seconds": 3.5}))


async def _deps(answers=None, model=None, vfs=None):
    servers = FakeMcpServers(answers=answers or {("speech", "transcribe_audio"): HEARD})
    deps = await make_deps(mcp_servers=servers, mcp_builtins=SPEECH, chat_model=model, vfs=vfs)
    return deps.for_run("transcribe"), servers


async def test_transcribe_shows_the_words_of_the_file():
    deps, servers = await _deps()

    view = await run_transcribe(parse_args("transcribe", ARGS, ["meeting.wav", "--language", "en"]), deps)

    assert view.lines == ("Transcription of /workspace/meeting.wav (3.5 s, en):",)
    assert view.message == "we ship on friday" and view.document.content == "we ship on friday\n"
    assert servers.calls == [("speech", "transcribe_audio", {"path": "/repo/meeting.wav", "language": "en"})]


async def test_transcribe_then_runs_the_assistant_with_the_transcription_after_the_request():
    model = ScriptedChatModel(["The decision: ship on Friday."])
    deps, _ = await _deps(model=model)

    view = await run_transcribe(parse_args("transcribe", ARGS, ["meeting.wav", "--then", "list", "the",
                                                                 "decisions"]), deps)

    assert view.message.startswith("The decision: ship on Friday.")
    request = model.requests[0].last_user_text
    assert "list the decisions\n\nTranscription of /workspace/meeting.wav:\n\nwe ship on friday" in request


async def test_transcribe_then_without_words_heard_starts_no_assistant():
    silent = RemoteResult(json.dumps({"text": "", "language": "en", "seconds": 1}))
    model = ScriptedChatModel([])
    deps, _ = await _deps({("speech", "transcribe_audio"): silent}, model)

    with pytest.raises(CommandFailedError, match="no words were heard in it, so the assistant was not started"):
        await run_transcribe(parse_args("transcribe", ARGS, ["quiet.wav", "--then", "summarise"]), deps)

    assert model.requests == []


async def test_words_after_the_file_without_then_say_what_then_does():
    deps, _ = await _deps()

    with pytest.raises(ArgumentError, match="--then <request> runs the assistant on them"):
        await run_transcribe(parse_args("transcribe", ARGS, ["meeting.wav", "summarise"]), deps)


async def test_then_without_a_request_asks_for_one():
    deps, _ = await _deps()

    with pytest.raises(ArgumentError, match="--then needs a request"):
        await run_transcribe(parse_args("transcribe", ARGS, ["meeting.wav", "--then"]), deps)


async def test_without_a_file_the_audio_files_are_listed():
    listing = RemoteResult(json.dumps([{"path": "talks/a.wav", "bytes": 2048, "seconds": 4.0}]))
    vfs = FakeFiles()
    vfs.folders.update({"/workspace", "/output"})
    deps, servers = await _deps({("speech", "list_audio"): listing}, vfs=vfs)

    view = await run_transcribe(parse_args("transcribe", ARGS, []), deps)

    assert view.table.rows[0] == ("/workspace/talks/a.wav", "4 s", "2,048 B")
    assert [call[2]["folder"] for call in servers.calls] == ["/repo", "/repo/.orkeon/local/output"]


async def test_a_file_of_output_is_listed_once_under_its_output_name():
    def listing(*paths):
        return RemoteResult(json.dumps([{"path": path, "bytes": 64, "seconds": 1.0} for path in paths]))

    vfs = FakeFiles()
    vfs.folders.update({"/workspace", "/output"})
    servers = FakeMcpServers(answers_by_arguments={
        ("speech", "list_audio", '{"folder": "/repo"}'): listing("talks/a.wav", ".orkeon/local/output/say-1.wav"),
        ("speech", "list_audio", '{"folder": "/repo/.orkeon/local/output"}'): listing("say-1.wav"),
    })
    deps = await make_deps(mcp_servers=servers, mcp_builtins=SPEECH, vfs=vfs)

    view = await run_transcribe(parse_args("transcribe", ARGS, []), deps.for_run("transcribe"))

    assert [row[0] for row in view.table.rows] == ["/workspace/talks/a.wav", "/output/say-1.wav"]
    assert view.message.startswith("2 audio files.")
