"""The local model end to end, over a fake llama-server on PATH and a fake model file in the user's cache: the
prompt with no model says so in one line and offers the set-up, downloading nothing unasked; with the local
model set up, `orkeon assistant` starts its server on the first call and answers from it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from orkeon_engine.adapters.local_model_server import SupervisedLocalServer
from orkeon_engine.domain.model.local_model import LOCAL_MODELS
from tests.support.fake_llama_server import ANSWER, install
from tests.support.orkeon_cli import ROOT, write_user_settings
from tests.support.pty_cli import PROMPT, PtyOrkeon


def _env(home: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("ORKEON_", "OPENAI_"))}
    env.update({"XDG_CONFIG_HOME": str(home / "xdg"), "XDG_CACHE_HOME": str(home / "cache"),
                "LITELLM_LOCAL_MODEL_COST_MAP": "True", "PYTHONPATH": str(ROOT), "TERM": "xterm",
                "PATH": f"{home / 'bin'}{os.pathsep}{os.environ['PATH']}"})
    return env


def test_the_prompt_without_a_model_offers_the_local_one_and_downloads_nothing_unasked(tmp_path: Path):
    workspace = tmp_path / "ws"
    (workspace / ".orkeon").mkdir(parents=True)
    prompt = PtyOrkeon(workspace, _env(tmp_path))
    try:
        said, _ = prompt.expect(re.compile(r"choose 1-2: "))
        prompt.send("2")
        after, _ = prompt.expect(PROMPT)
        prompt.send("exit")
    finally:
        prompt.close()

    assert "No model is configured: `orkeon model local`" in said and "1.1 GB" in said
    assert "Nothing was downloaded" in after
    assert not (tmp_path / "cache" / "orkeon" / "local-model" / "models").exists()


def test_the_assistant_answers_from_the_local_model_started_on_its_first_call(tmp_path: Path):
    workspace = tmp_path / "ws"
    (workspace / ".orkeon").mkdir(parents=True)
    spec = LOCAL_MODELS["1.5b"]
    folder = tmp_path / "cache" / "orkeon" / "local-model"
    (folder / "models").mkdir(parents=True)
    (folder / "models" / spec.file_name).write_bytes(b"GGUF-fake")
    install(tmp_path / "bin")
    write_user_settings(tmp_path, {"model": spec.model_setting, "model.apiBase": "local"})
    try:
        done = subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "assistant", "what does this project do?"],
                              cwd=workspace, env=_env(tmp_path), capture_output=True, text=True, timeout=180,
                              stdin=subprocess.DEVNULL)
        status = subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "model", "local", "--status"],
                                cwd=workspace, env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    finally:
        SupervisedLocalServer(folder / "server").stop_now()

    assert done.returncode == 0, done.stderr
    assert ANSWER in done.stdout
    assert re.search(r"ready at http://127\.0\.0\.1:\d+/v1", status.stdout), status.stdout
    assert "The settings use the local model." in status.stdout
