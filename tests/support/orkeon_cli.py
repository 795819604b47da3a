"""Running the real `orkeon` command line as a subprocess against the loopback stub server, for the
end-to-end tests: a clean environment (no ORKEON_ variable of the machine leaks in), the model and its api
base pointed at the stub, and the user's settings and state (the prompt's history) in private XDG folders."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STUB_MODEL = "openai/stub-model"


def orkeon_env(home: Path, api_base: str, **extra: str) -> dict[str, str]:
    """The environment of an `orkeon` run whose model is the stub at `api_base`."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"ORKEON_MODEL": STUB_MODEL, "ORKEON_API_BASE": api_base, "XDG_CONFIG_HOME": str(home / "xdg"),
                "XDG_STATE_HOME": str(home / "state"), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "PYTHONPATH": str(ROOT), **extra})
    return env


def write_user_settings(home: Path, settings: Mapping[str, Any]) -> None:
    """The user's settings file of the runs with this `home` (the user's file is trusted as it is)."""
    folder = home / "xdg" / "orkeon"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(dict(settings)), encoding="utf-8")


def run_orkeon(workspace: Path, args: Sequence[str], home: Path, api_base: str,
               timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """`orkeon ARGS` in `workspace`, as a CI job would run it."""
    return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", *args], cwd=workspace,
                          env=orkeon_env(home, api_base), capture_output=True, text=True, timeout=timeout)
