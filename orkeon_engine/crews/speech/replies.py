"""The speech server's answers read into values, its failures into one sentence, and an answer made fit to
be spoken.

The server answers JSON text (orkeon_speech/server.py); an answer that is not what a tool promises is a
SpeechReplyError naming the tool, never a traceback. A failure comes back as the server's message without
the SDK's wrapping (`Error executing tool speak: ...`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from orkeon_engine.domain.errors import CommandFailedError

SPEECH_SERVER = "speech"
INSTALL_HINT = "pip install 'orkeon[speech]'"
MAX_SPOKEN_CHARS = 1_500
WRAPPING = re.compile(r"^Error executing tool [A-Za-z0-9_.-]+: ")
CODE_BLOCK = re.compile(r"```.*?(```|$)", re.S)
MARKUP = re.compile(r"[`*_#>|]+")
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


class SpeechReplyError(CommandFailedError):
    """An answer of the speech server that does not read as the tool promises."""


@dataclass(frozen=True)
class Spoken:
    """Where the speech was written (a host path), how long it lasts, whether it was played and by what."""

    path: str
    seconds: float | None = None
    played: bool = False
    player: str = ""


@dataclass(frozen=True)
class Heard:
    """The words of a recording, the language taken, its length, and where it was kept (or "")."""

    text: str
    language: str = ""
    seconds: float | None = None
    path: str = ""


@dataclass(frozen=True)
class AudioItem:
    """An audio file: its path relative to the folder listed, its size, its length when known."""

    path: str
    size: int = 0
    seconds: float | None = None


def read_spoken(text: str) -> Spoken:
    data = _object(text, "speak")
    player = str(data.get("player") or "")
    return Spoken(_string(data, "path", "speak"), _seconds(data), bool(data.get("played")), player)


def read_heard(text: str, tool: str = "transcribe_audio") -> Heard:
    data = _object(text, tool)
    return Heard(_string(data, "text", tool, allow_empty=True), str(data.get("language") or ""), _seconds(data),
                 str(data.get("path") or ""))


def read_listing(text: str) -> list[AudioItem]:
    data = _json(text, "list_audio")
    if not isinstance(data, list):
        raise SpeechReplyError("list_audio answered something other than a list of files")
    items = []
    for entry in data:
        if not isinstance(entry, dict):
            raise SpeechReplyError("list_audio answered a file that is not an object")
        size = entry.get("bytes", 0)
        items.append(AudioItem(_string(entry, "path", "list_audio"), size if isinstance(size, int) else 0,
                               _seconds(entry)))
    return items


def failure_text(text: str) -> str:
    """The server's failure as one sentence, without the SDK's wrapping."""
    return WRAPPING.sub("", text.strip()) or "the speech server failed without saying why"


def speakable(answer: str, limit: int = MAX_SPOKEN_CHARS) -> str:
    """An answer as it is worth hearing: code blocks named rather than read, link targets and markup left
    out, cut at a sentence end near `limit`."""
    text = CODE_BLOCK.sub(" (code shown in the answer) ", answer)
    text = LINK.sub(r"\1", text)
    text = MARKUP.sub(" ", text)
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    end = max(cut.rfind(". "), cut.rfind("! "), cut.rfind("? "))
    return (cut[: end + 1] if end > limit // 2 else cut.rstrip() + "...") + " The rest is in the written answer."


def _json(text: str, tool: str) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise SpeechReplyError(f"{tool} answered text that is not JSON: {text[:80]!r}") from None


def _object(text: str, tool: str) -> dict[str, Any]:
    data = _json(text, tool)
    if not isinstance(data, dict):
        raise SpeechReplyError(f"{tool} answered something other than an object")
    return data


def _string(data: dict[str, Any], key: str, tool: str, allow_empty: bool = False) -> str:
    value = data.get(key)
    if not isinstance(value, str) or (not value and not allow_empty):
        raise SpeechReplyError(f"{tool} answered no {key}")
    return value


def _seconds(data: dict[str, Any]) -> float | None:
    value = data.get("seconds")
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)
