"""End to end: /say writes a sentence to /output through the shipped speech server, and /transcribe gets the
words back, each through the real command line (`orkeon <command>`), which starts the speech server over
stdio like any MCP server and stops it when it closes. It needs espeak-ng and the speech extra; a missing
one fails the test saying what to install."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.support.speech import PHRASE, require_espeak, require_speech_extra

ROOT = Path(__file__).resolve().parents[2]


def orkeon(workspace: Path, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"XDG_CONFIG_HOME": str(home / "xdg"), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "PYTHONPATH": str(ROOT)})
    return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "--workspace", str(workspace), *args],
                          capture_output=True, text=True, env=env, timeout=300, check=False)


def test_say_then_transcribe_gets_the_words_back(tmp_path):
    require_espeak()
    require_speech_extra()
    workspace = tmp_path / "project"
    workspace.mkdir()

    said = orkeon(workspace, tmp_path, "say", "--out", PHRASE)
    written = re.search(r"Wrote (/output/say-[0-9-]+\.wav)", said.stdout)
    assert said.returncode == 0 and written, said.stdout + said.stderr
    heard = orkeon(workspace, tmp_path, "transcribe", written.group(1), "--language", "en")

    assert heard.returncode == 0, heard.stderr
    assert PHRASE in re.sub(r"[^a-z ]", "", heard.stdout.lower())
    assert (workspace / ".orkeon" / "local" / "output" / Path(written.group(1)).name).is_file()
