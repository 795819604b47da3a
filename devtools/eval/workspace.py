"""A scenario's world: a fresh git repository, a private user folder, and the real console scripts run in it
with the model pointed at the metering proxy."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from devtools.eval.server import SERVED_NAME

SCRIPTS = Path(sys.executable).parent
# Any value does for a llama.cpp server without --api-key; the eval checks it is never printed.
EVAL_KEY = "sk-eval-local-not-a-secret"


@dataclass(frozen=True)
class Run:
    """One console-script run: its exit code, its output, and how long it took."""

    code: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def output(self) -> str:
        return f"{self.stdout}\n{self.stderr}"


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True)
    return done.stdout


def write_files(repo: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def make_repository(repo: Path, committed: Mapping[str, str], staged: Mapping[str, str] | None = None) -> Path:
    """A git repository holding `committed` in its first commit and `staged` in its index."""
    repo.mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "config", "user.name", "Eval Person")
    git(repo, "config", "user.email", "person@eval.invalid")
    write_files(repo, committed)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "chore: start the project")
    if staged:
        write_files(repo, staged)
        git(repo, "add", "-A")
    return repo


def environment(home: Path, api_base: str) -> dict[str, str]:
    """The environment of a scenario's run: the machine's, less any ORKEON_ setting, model at the proxy, and
    the eval's own Python first on PATH (a project's `python -m pytest` finds pytest, as in an activated venv)
    without the eval's pytest plugins (a project's own environment has pytest alone: requirements-dev.txt)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"PATH": f"{SCRIPTS}{os.pathsep}{os.environ.get('PATH', '')}",
                "ORKEON_MODEL": f"openai/{SERVED_NAME}", "ORKEON_API_BASE": api_base,
                "OPENAI_API_KEY": EVAL_KEY, "XDG_CONFIG_HOME": str(home / "xdg"),
                "XDG_STATE_HOME": str(home / "state"),  # each scenario's workspace state stays in its own home
                "LITELLM_LOCAL_MODEL_COST_MAP": "True", "NO_COLOR": "1", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})
    return env


def script(name: str) -> str:
    return str(SCRIPTS / name)


def run_orkeon(repo: Path, home: Path, api_base: str, args: Sequence[str], timeout: float) -> Run:
    """`orkeon ARGS` in `repo`, as a person's terminal would run it with no one to answer; past `timeout`
    stopped as `run_limited` stops a program (Orkeon stops the checks it started in their own groups)."""
    done = run_limited([script("orkeon"), *args], repo, environment(home, api_base), timeout)
    return Run(-1 if done.timed_out else done.code, done.stdout, done.stderr, done.seconds)


@dataclass(frozen=True)
class LimitedRun:
    """A program run under a wall-clock limit: its exit code, its output, its seconds, whether it was stopped."""

    code: int
    stdout: str
    stderr: str
    seconds: float
    timed_out: bool


STOP_GRACE_SECONDS = 10.0
"""How long a program stopped at its limit has after SIGTERM (to stop what it started) before SIGKILL."""


def run_limited(argv: Sequence[str], cwd: Path, env: Mapping[str, str], limit: float) -> LimitedRun:
    """Run a program in `cwd` in a session of its own with nothing on stdin. Past `limit` seconds its process
    group gets SIGTERM, then SIGKILL after STOP_GRACE_SECONDS: SIGKILL alone would leave running what it
    started in groups of their own (Orkeon runs each check so), which then slows every attempt after it."""
    started = time.monotonic()
    try:
        process = subprocess.Popen(list(argv), cwd=cwd, env=dict(env), stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    except OSError as error:
        return LimitedRun(-1, "", f"could not start {argv[0]}: {error}", 0.0, False)
    try:
        stdout, stderr = process.communicate(timeout=limit)
        return LimitedRun(process.returncode, stdout, stderr, time.monotonic() - started, False)
    except subprocess.TimeoutExpired:
        _stop_group(process)
        stdout, stderr = process.communicate()
        return LimitedRun(-1, stdout or "", (stderr or "") + f"\n(stopped after {limit:.0f} s)",
                       time.monotonic() - started, True)


def _stop_group(process: subprocess.Popen[str]) -> None:
    for sent in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sent)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=STOP_GRACE_SECONDS)
            return
        except subprocess.TimeoutExpired:
            continue
