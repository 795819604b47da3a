"""Audio files and devices: the audio files of a folder, WAV files played, and the microphone recorded.

Playing uses the first player found on the PATH (paplay, pw-play, aplay, afplay, ffplay); recording uses
sounddevice (PortAudio), from the `orkeon[speech]` extra. No device, no player, no PortAudio: each is a
SpeechError saying so.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from orkeon_speech import INSTALL_HINT
from orkeon_speech.errors import SpeechError

AUDIO_SUFFIXES = (".wav", ".mp3", ".m4a", ".ogg", ".oga", ".opus", ".flac", ".webm", ".aac")
PLAYERS: tuple[tuple[str, ...], ...] = (("paplay",), ("pw-play",), ("aplay", "-q"), ("afplay",),
                                        ("ffplay", "-nodisp", "-autoexit", "-loglevel", "error"))
SKIPPED_FOLDERS = frozenset({".git", "node_modules", ".venv", "__pycache__"})
MAX_LISTED = 500
SAMPLE_RATE = 16_000
MAX_RECORD_SECONDS = 600


@dataclass(frozen=True)
class AudioFile:
    """An audio file under a folder: its path relative to the folder, its size, its length when known."""

    path: str
    size: int
    seconds: float | None


def list_audio(folder: Path, recursive: bool = True) -> list[AudioFile]:
    """The audio files under `folder`, by path, leaving out version-control and dependency folders."""
    if not folder.is_dir():
        raise SpeechError(f"{folder}: no such folder")
    found: list[AudioFile] = []
    pattern = "**/*" if recursive else "*"
    for path in sorted(folder.glob(pattern)):
        relative = path.relative_to(folder)
        if SKIPPED_FOLDERS.intersection(relative.parts) or not path.is_file():
            continue
        if path.suffix.lower() in AUDIO_SUFFIXES:
            found.append(AudioFile(relative.as_posix(), path.stat().st_size, wav_seconds(path)))
            if len(found) >= MAX_LISTED:
                break
    return found


def wav_seconds(path: Path) -> float | None:
    """The length of a WAV file in seconds; None for another kind of file or a broken one."""
    if path.suffix.lower() != ".wav":
        return None
    try:
        with wave.open(str(path), "rb") as audio:
            return round(audio.getnframes() / float(audio.getframerate() or 1), 2)
    except (wave.Error, EOFError, OSError):
        return None


def play(path: Path, search_path: str | None = None) -> str:
    """Play the file on this machine's default output; the player's name, or SpeechError."""
    for player in PLAYERS:
        program = shutil.which(player[0], path=search_path)
        if program is None:
            continue
        done = subprocess.run([program, *player[1:], str(path)], capture_output=True, text=True, check=False)
        if done.returncode == 0:
            return player[0]
        said = (done.stderr or done.stdout).strip().splitlines()
        raise SpeechError(f"{player[0]} could not play {path.name}" + (f": {said[-1]}" if said else "") +
                          "; is there an audio output device?")
    raise SpeechError("no audio player was found (paplay, pw-play, aplay, afplay or ffplay); write the audio to "
                      "a file instead")


def record(seconds: float, target: Path, device: str = "", backend: Any = None) -> Path:
    """Record `seconds` of the default microphone (or `device`) as a 16 kHz mono WAV file at `target`."""
    if not 0 < seconds <= MAX_RECORD_SECONDS:
        raise SpeechError(f"a recording lasts between 0 and {MAX_RECORD_SECONDS} seconds, not {seconds:g}")
    sd = backend if backend is not None else _sounddevice()
    index = _input_device(sd, device)
    try:
        frames = sd.rec(int(seconds * SAMPLE_RATE), samplerate=SAMPLE_RATE, channels=1, dtype="int16", device=index)
        sd.wait()
    except Exception as error:  # PortAudio's own errors
        raise SpeechError(f"the microphone could not be recorded: {error}") from None
    target.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(target), "wb") as audio:
        audio.setnchannels(1)
        audio.setsampwidth(2)
        audio.setframerate(SAMPLE_RATE)
        audio.writeframes(frames.tobytes())
    return target


def _sounddevice() -> Any:
    try:
        import sounddevice
    except ImportError:
        raise SpeechError(f"recording needs sounddevice: {INSTALL_HINT}") from None
    except OSError:  # the module is there but the PortAudio library is not
        raise SpeechError("no audio input device can be used: the PortAudio library is missing (apt-get install "
                          "libportaudio2, or brew install portaudio)") from None
    return sounddevice


def _input_device(sd: Any, wanted: str) -> int | None:
    """The index of the device named `wanted` (None: the default input), once an input device is seen."""
    devices: list[Any] = []
    with contextlib.suppress(Exception):
        devices = list(sd.query_devices())
    inputs = [(index, dev) for index, dev in enumerate(devices) if int(dev.get("max_input_channels", 0)) > 0]
    if not inputs:
        raise SpeechError("no audio input device was found: connect a microphone, or transcribe a recording "
                          "with transcribe_audio")
    if not wanted:
        return None
    for index, dev in inputs:
        if wanted.lower() in str(dev.get("name", "")).lower():
            return int(index)
    names = ", ".join(str(dev.get("name", "?")) for _, dev in inputs)
    raise SpeechError(f"no audio input device is named {wanted!r}; the input devices: {names}")
