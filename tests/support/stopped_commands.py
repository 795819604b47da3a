"""A command that leaves `sleep` running in its process group, and a server that runs it, for the tests that
check a stopped Orkeon leaves no command behind (tests/adapters/test_process_groups.py and
tests/security/test_command_start_race.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.support.orkeon_cli import ROOT

BACKGROUND = "sleep 300 & echo $! > sleeping.pid; wait"
"""A command whose group holds a `sleep` that outlives the shell, its pid in sleeping.pid."""
SERVER = f"""
import asyncio, sys
from pathlib import Path
from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.edge_io import stop_commands_on_signals
stop_commands_on_signals()
asyncio.run(SubprocessShell(Path.cwd(), {{"PATH": "/usr/bin:/bin"}}).run({BACKGROUND!r}, 600))
"""
"""A server as the language server and the ACP agent are: stop signals taken, one command running."""
STARTS_THEN = """
import os, signal, subprocess
from pathlib import Path
from tests.support.stopped_commands import sleeping_pid
_init = subprocess.Popen.__init__
def _started_then(self, *args, **kwargs):  # the command runs; its group is not recorded yet
    _init(self, *args, **kwargs)
    sleeping_pid(Path.cwd())
    {then}
subprocess.Popen.__init__ = _started_then
"""
"""Put before a script: every Popen, once its command has written its pid file, does `then`."""


def run_server(script: str, folder: Path) -> subprocess.Popen[str]:
    """`script` run by Python in `folder`, importing this checkout's engine."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", script], cwd=folder, env=env, stderr=subprocess.PIPE, text=True)


def sleeping_pid(folder: Path, timeout: float = 10) -> int:
    """The pid BACKGROUND's `sleep` wrote in `folder`, once it has."""
    deadline = time.monotonic() + timeout
    path = folder / "sleeping.pid"
    while not (path.exists() and path.read_text().strip()):
        assert time.monotonic() < deadline, "the command never started"
        time.sleep(0.025)
    return int(path.read_text())
