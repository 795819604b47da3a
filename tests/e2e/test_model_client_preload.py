"""End to end: the language server and the interactive prompt load the model client (litellm) in the
background once they are idle, so the first model command does not wait for the import."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from pathlib import Path

from tests.support.lsp_session import run_command

ROOT = Path(__file__).resolve().parents[2]
LOADED = "the model client is loaded"
WAIT_SECONDS = 180


async def test_the_server_loads_the_model_client_once_idle_after_initialize(start_server):
    client = await start_server(env={"ORKEON_MODEL": "openai/stub-model"}, initialization_options={"logLevel": "info"})
    await run_command(client, "status")

    for _ in range(WAIT_SECONDS * 10):
        if any(LOADED in m.message for m in client.log_messages):
            break
        await asyncio.sleep(0.1)

    assert any(LOADED in m.message and "in the background" in m.message for m in client.log_messages)


def test_the_prompt_loads_the_model_client_while_it_waits_for_a_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
    env.update(XDG_CONFIG_HOME=str(tmp_path / "xdg"), ORKEON_MODEL="openai/stub-model", ORKEON_LOG_LEVEL="info",
               LITELLM_LOCAL_MODEL_COST_MAP="True", PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "orkeon_engine.cli"], cwd=tmp_path, env=env, text=True,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(process.stderr.readline, "")), daemon=True)
    reader.start()
    try:
        for _ in range(WAIT_SECONDS * 10):
            if any(LOADED in line for line in seen) or process.poll() is not None:
                break
            threading.Event().wait(0.1)
    finally:
        process.communicate("", timeout=60)
    reader.join(timeout=10)

    assert process.returncode == 0
    assert any(LOADED in line and "in the background" in line for line in seen), seen
