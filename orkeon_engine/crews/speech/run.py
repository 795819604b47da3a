"""The speech crew's use cases: one call to the speech server each, over the declared servers and the VFS.

Paths cross as the person gives them (virtual: `/output/x.wav`, `meeting.wav` under /workspace) and are
handed to the server as the host paths behind them, checked by the VFS first (inside a mount, no symlink
out). A failure is a CommandFailedError in one sentence: the server's own reason (what to install), or
why the server could not start.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from orkeon_engine.crews.speech.replies import (
    INSTALL_HINT,
    SPEECH_SERVER,
    AudioItem,
    Heard,
    Spoken,
    failure_text,
    read_heard,
    read_listing,
    read_spoken,
    speakable,
)
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.mcp import RemoteResult
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.mcp_servers import McpServerError
from orkeon_engine.services.mcp_hub import McpHub

__all__ = ["AudioItem", "Heard", "SpeechPorts", "Spoken", "list_audio", "record_dictation", "speak",
           "speak_answer", "transcribe"]


@dataclass(frozen=True)
class SpeechPorts:
    """The declared MCP servers (the speech server among them) and the VFS."""

    hub: McpHub
    files: Files


async def speak(ports: SpeechPorts, text: str, out: str | None = None, host_out: str | None = None) -> Spoken:
    """Say `text`: written to the virtual path `out`, or to the file `host_out` the person named on their
    disk, or played on this machine when neither is given."""
    arguments: dict[str, Any] = {"text": text, "play": out is None and host_out is None}
    if host_out is not None:
        arguments["path"] = host_out
    elif out is not None:
        arguments["path"] = _host_path(ports.files, out)
    return read_spoken(await _call(ports, "speak", arguments))


async def speak_answer(ports: SpeechPorts, answer: str) -> None:
    """voice.reply's epilogue: the answer, made fit to hear, played."""
    text = speakable(answer)
    if text:
        await speak(ports, text)


async def transcribe(ports: SpeechPorts, path: str, language: str = "") -> Heard:
    """The words of the audio file at the virtual path `path`."""
    return read_heard(await _call(ports, "transcribe_audio", {"path": _host_path(ports.files, path, real=True),
                                                              "language": language}))


async def list_audio(ports: SpeechPorts, folder: str) -> list[AudioItem]:
    """The audio files under the virtual folder `folder`, their paths made virtual again."""
    resolved = ports.files.resolve(folder)
    items = read_listing(await _call(ports, "list_audio", {"folder": _host_path(ports.files, folder, real=True)}))
    return [AudioItem(f"{resolved.rstrip('/')}/{item.path}", item.size, item.seconds) for item in items]


async def record_dictation(ports: SpeechPorts, seconds: float, language: str = "") -> Heard:
    """Record the microphone for `seconds`, then its words."""
    answer = await _call(ports, "record_and_transcribe", {"seconds": seconds, "language": language})
    return read_heard(answer, "record_and_transcribe")


async def _call(ports: SpeechPorts, tool: str, arguments: Mapping[str, Any]) -> str:
    try:
        result: RemoteResult = await ports.hub.call(SPEECH_SERVER, tool, arguments)
    except McpServerError as error:
        raise CommandFailedError(f"{error}; the speech server comes with Orkeon (orkeon-speech), and its "
                                 f"transcription with the speech extra: {INSTALL_HINT}") from None
    if result.is_error:
        raise CommandFailedError(failure_text(result.text))
    return result.text


def _host_path(files: Files, path: str, real: bool = False) -> str:
    """The host path behind a virtual one (its symlinks followed inside the mount when `real`)."""
    try:
        return files.host_path(files.real_path(path) if real else path)
    except FilesError as error:
        raise CommandFailedError(str(error)) from None
