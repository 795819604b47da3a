"""End to end: /say writes a sentence to the file --out names through the shipped speech server, and
/transcribe gets the words back, each through the real command line (`orkeon <command>`), which starts the
speech server over stdio like any MCP server and stops it when it closes. It needs espeak-ng and the speech
extra; a missing one fails the test saying what to install."""

from __future__ import annotations

import re

from tests.support.orkeon_cli import run_orkeon
from tests.support.speech import PHRASE, require_espeak, require_speech_extra

NO_MODEL = "http://127.0.0.1:9"  # neither command calls a model


def test_say_then_transcribe_gets_the_words_back(tmp_path):
    require_espeak()
    require_speech_extra()
    workspace = tmp_path / "project"
    workspace.mkdir()

    said = run_orkeon(workspace, ["say", PHRASE, "--out", "h.wav"], tmp_path, NO_MODEL, timeout=300)
    assert said.returncode == 0 and said.stdout.startswith("Wrote h.wav"), said.stdout + said.stderr
    assert (workspace / "h.wav").is_file()  # the path the person named, on their disk
    heard = run_orkeon(workspace, ["transcribe", "h.wav", "--language", "en"], tmp_path, NO_MODEL, timeout=300)

    assert heard.returncode == 0, heard.stderr
    assert PHRASE in re.sub(r"[^a-z ]", "", heard.stdout.lower())
