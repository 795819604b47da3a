"""The MCP server: four tools over tts, stt and audio, each answering JSON text.

A tool's failure is a tool error whose message is the SpeechError's, so the caller reads what is
missing and how to install it. Relative paths are taken under the server's working folder (the
workspace, when the engine starts it).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from orkeon_speech import __version__
from orkeon_speech.audio import list_audio, play, record, wav_seconds
from orkeon_speech.errors import SpeechError
from orkeon_speech.stt import Transcriber
from orkeon_speech.tts import Voice, synthesize


class SpeechTools:
    """What the tools do, callable without MCP (the tests call it directly)."""

    def __init__(self, voice: Voice, transcriber: Transcriber, scratch: Path) -> None:
        self.voice = voice
        self.transcriber = transcriber
        self.scratch = scratch

    def speak(self, text: str, path: str = "", play_it: bool = False) -> dict[str, object]:
        target = Path(path).expanduser() if path else self._scratch_file("speech", ".wav")
        synthesize(text, target, self.voice)
        player = play(target) if play_it else ""
        return {"path": str(target.resolve()), "seconds": wav_seconds(target), "played": bool(player),
                "player": player}

    def transcribe_audio(self, path: str, language: str = "") -> dict[str, object]:
        transcript = self.transcriber.transcribe(Path(path).expanduser(), language)
        return {"text": transcript.text, "language": transcript.language, "seconds": transcript.seconds}

    def list_audio(self, folder: str = ".", recursive: bool = True) -> list[dict[str, object]]:
        return [{"path": f.path, "bytes": f.size, "seconds": f.seconds}
                for f in list_audio(Path(folder).expanduser(), recursive)]

    def record_and_transcribe(self, seconds: float = 10.0, language: str = "", device: str = "",
                              keep: str = "") -> dict[str, object]:
        target = Path(keep).expanduser() if keep else self._scratch_file("recording", ".wav")
        record(seconds, target, device)
        transcript = self.transcriber.transcribe(target, language)
        return {"text": transcript.text, "language": transcript.language, "seconds": transcript.seconds,
                "path": str(target.resolve()) if keep else ""}

    def _scratch_file(self, stem: str, suffix: str) -> Path:
        self.scratch.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f"{stem}-", suffix=suffix, dir=self.scratch)
        os.close(handle)
        return Path(name)


def build_server(tools: SpeechTools) -> MCPServer:
    """The MCP server over `tools`."""
    app: MCPServer = MCPServer("orkeon-speech", version=__version__, log_level="WARNING",
                               instructions="Speech for Orkeon: speak text, transcribe audio files, list them, "
                                            "record the microphone.")

    @app.tool()
    def speak(text: str, path: str = "", play: bool = False) -> str:
        """Say the text as a WAV file at `path` (a temporary file when empty), and play it on this machine's
        output when `play` is true. Answers {"path", "seconds", "played", "player"}."""
        return _answer(lambda: tools.speak(text, path, play))

    @app.tool()
    def transcribe_audio(path: str, language: str = "") -> str:
        """The words of an audio file (WAV, MP3, M4A, OGG, FLAC...), offline. `language` is a code such as
        "en" (detected when empty). Answers {"text", "language", "seconds"}."""
        return _answer(lambda: tools.transcribe_audio(path, language))

    @app.tool()
    def list_audio(folder: str = ".", recursive: bool = True) -> str:
        """The audio files under a folder: [{"path" (relative to the folder), "bytes", "seconds"}]."""
        return _answer(lambda: tools.list_audio(folder, recursive))

    @app.tool()
    def record_and_transcribe(seconds: float = 10.0, language: str = "", device: str = "", keep: str = "") -> str:
        """Record the microphone (the default input, or the device whose name holds `device`) for `seconds`,
        then transcribe it; `keep` saves the recording there. Answers {"text", "language", "seconds", "path"}."""
        return _answer(lambda: tools.record_and_transcribe(seconds, language, device, keep))

    return app


def _answer(work: Callable[[], object]) -> str:
    try:
        return json.dumps(work(), ensure_ascii=False)
    except SpeechError as error:
        raise ToolError(str(error)) from None
