"""A program run under the eval's wall-clock limit (devtools/eval/workspace.py): past it, SIGTERM to its group
first, so a program that started work in a session of its own (Orkeon's checks) can stop it, then SIGKILL."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from devtools.eval import workspace
from devtools.eval.workspace import run_limited
from tests.support.processes import gone

# Starts `sleep` in a session of its own, as Orkeon starts a check, and stops it on SIGTERM.
TIDY = """
import os, signal, subprocess, sys, time
child = subprocess.Popen(["sleep", "300"], start_new_session=True)
open("child.pid", "w").write(str(child.pid))
def stop(*_):
    os.killpg(child.pid, signal.SIGKILL); child.wait(); sys.exit(143)
signal.signal(signal.SIGTERM, stop)
time.sleep(300)
"""
STUBBORN = ("import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nprint('up', flush=True)\n"
            "time.sleep(300)\n")


def test_a_program_past_its_limit_gets_sigterm_first_and_stops_what_it_started(tmp_path: Path) -> None:
    run = run_limited([sys.executable, "-c", TIDY], tmp_path, os.environ, 2)

    child = int((tmp_path / "child.pid").read_text())
    assert run.timed_out and "(stopped after 2 s)" in run.stderr and gone(child)


def test_a_program_that_ignores_sigterm_is_killed_after_the_grace(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workspace, "STOP_GRACE_SECONDS", 0.5)
    began = time.monotonic()

    run = run_limited([sys.executable, "-c", STUBBORN], tmp_path, os.environ, 1)

    assert run.timed_out and run.stdout == "up\n" and time.monotonic() - began < 10
