"""Text to speech: a WAV file written by espeak-ng (the default) or piper, run as programs.

The text goes to the program on its standard input, never as an argument, so a text starting with `-`
is read as text and a long one fits. A program that is not installed is a SpeechError saying how to
install it.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from orkeon_speech.errors import SpeechError

ENGINES = ("espeak-ng", "piper")
MAX_TEXT = 20_000
TIMEOUT_SECONDS = 300


@dataclass(frozen=True)
class Voice:
    """Which program speaks: `engine` (espeak-ng or piper), piper's voice model, the PATH to search."""

    engine: str = "espeak-ng"
    piper_model: str = ""
    path: str | None = None


def synthesize(text: str, target: Path, voice: Voice) -> Path:
    """Write `text` spoken as a WAV file at `target` (its folder created); SpeechError when it cannot."""
    words = text.strip()
    if not words:
        raise SpeechError("there is nothing to say: the text is empty")
    if len(words) > MAX_TEXT:
        raise SpeechError(f"the text is {len(words):,} characters long; at most {MAX_TEXT:,} are spoken at once")
    target.parent.mkdir(parents=True, exist_ok=True)
    command = _command(voice, target)
    try:
        done = subprocess.run(command, input=words, text=True, capture_output=True, timeout=TIMEOUT_SECONDS,
                              check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SpeechError(f"{voice.engine} could not run: {error}") from None
    if done.returncode != 0 or not target.is_file() or target.stat().st_size == 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise SpeechError(f"{voice.engine} wrote no audio (exit {done.returncode})" + (f": {said[-1]}" if said else ""))
    return target


def _command(voice: Voice, target: Path) -> list[str]:
    if voice.engine not in ENGINES:
        raise SpeechError(f"unknown text-to-speech engine {voice.engine!r}; choose {' or '.join(ENGINES)}")
    program = shutil.which(voice.engine, path=voice.path)
    if voice.engine == "espeak-ng":
        if program is None:
            raise SpeechError("espeak-ng is not installed: apt-get install espeak-ng (or brew install espeak-ng), "
                              "or start orkeon-speech with --tts piper")
        return [program, "--stdin", "-w", str(target)]
    if program is None:
        raise SpeechError("piper is not installed: pip install piper-tts, or start orkeon-speech with --tts espeak-ng")
    if not voice.piper_model or not Path(voice.piper_model).is_file():
        raise SpeechError("piper needs a voice model file: start orkeon-speech with --piper-model <voice.onnx>")
    return [program, "--model", voice.piper_model, "--output_file", str(target)]
