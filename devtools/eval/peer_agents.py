"""The peers of the eval: Aider and mini-swe-agent, each installed into its own virtual environment that the
harness makes once under the eval's cache, run on the same llama.cpp server (through the same metering
proxy) with a wall-clock limit.

Their command lines are the ones LIBRARIES.md records as working here: Aider non-interactive (`--yes-always
--message`, the files a person would add, its own edit format; `--chat-mode ask` for a question, `--commit`
for a message); mini-swe-agent in yolo mode with a step limit. First-run set-up: mini-swe-agent aborts
without a terminal unless `MSWEA_CONFIGURED=true`; Aider's chat and input histories go to the attempt's own
folder, and it is told not to touch `.gitignore`. Each runs with its own HOME, so neither reads or writes the
person's configuration.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from devtools.eval.cache import EvalSetupError, cache_root
from devtools.eval.server import SERVED_NAME
from devtools.eval.workspace import LimitedRun, environment, run_limited


@dataclass(frozen=True)
class PeerSpec:
    name: str
    requirement: str
    script: str
    limit: float
    """The wall-clock seconds one task may take."""
    families: tuple[str, ...]


AIDER = PeerSpec("aider", "aider-chat==0.86.2", "aider", 180.0, ("fix", "question", "commit"))
MINI = PeerSpec("mini-swe-agent", "mini-swe-agent==2.4.6", "mini", 180.0, ("fix",))
PEERS = {spec.name: spec for spec in (AIDER, MINI)}
MINI_STEP_LIMIT = 25
_WITHOUT = "to run without the peers, name the agents: make eval AGENTS=orkeon"


def venv_folder(spec: PeerSpec) -> Path:
    return cache_root() / "peers" / spec.name


def peer_venv(spec: PeerSpec, say: Callable[[str], None] = print, python: str = sys.executable) -> Path:
    """The peer's virtual environment, made and filled with `spec.requirement` on first use, then reused.

    A stamp naming the requirement marks a finished install: a half-made environment is made again."""
    folder = venv_folder(spec)
    stamp = folder / ".installed"
    if stamp.exists() and stamp.read_text(encoding="utf-8").strip() == spec.requirement:
        return folder
    say(f"installing {spec.requirement} into its own environment {folder} (once)")
    log = folder.parent / f"{spec.name}-install.log"
    folder.parent.mkdir(parents=True, exist_ok=True)
    steps = [[python, "-m", "venv", "--clear", str(folder)],
             [str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet", "--upgrade", "pip"],
             [str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet", spec.requirement]]
    with open(log, "w", encoding="utf-8") as output:
        for argv in steps:
            try:
                done = subprocess.run(argv, stdout=output, stderr=subprocess.STDOUT, check=False)
            except OSError as error:
                raise EvalSetupError(f"installing {spec.name}: could not run {argv[0]} ({error}); {_WITHOUT}") \
                    from error
            if done.returncode != 0:
                raise EvalSetupError(f"installing {spec.requirement} failed (exit {done.returncode}); see {log}; "
                                     f"{_WITHOUT}")
    if not (folder / "bin" / spec.script).exists():
        raise EvalSetupError(f"{spec.requirement} installed no `{spec.script}` script in {folder / 'bin'}")
    stamp.write_text(spec.requirement + "\n", encoding="utf-8")
    return folder


def peer_environment(home: Path, api_base: str) -> dict[str, str]:
    """A scenario's environment (workspace.environment: the eval's Python first on PATH) with the peer's own
    HOME, and mini-swe-agent's first run answered."""
    return {**environment(home, api_base), "HOME": str(home), "MSWEA_CONFIGURED": "true",
            "MSWEA_COST_TRACKING": "ignore_errors"}


def aider_argv(venv: Path, api_base: str, message: str, files: Sequence[str], history: Path,
               mode: str = "code") -> list[str]:
    """Aider asked one thing with no one at the keyboard: `mode` is "code", "ask" or "commit"."""
    argv = [str(venv / "bin" / "aider"), "--model", f"openai/{SERVED_NAME}", "--openai-api-base", api_base,
            "--openai-api-key", "x", "--yes-always", "--no-auto-commits", "--no-show-model-warnings",
            "--no-check-update", "--analytics-disable", "--no-pretty", "--no-stream", "--no-gitignore",
            "--chat-history-file", str(history / "aider.chat.history.md"),
            "--input-history-file", str(history / "aider.input.history")]
    if mode == "commit":
        return [*argv, "--commit"]
    if mode == "ask":
        argv += ["--chat-mode", "ask"]
    return [*argv, "--message", message, *files]


def mini_config(venv: Path) -> Path:
    """mini-swe-agent's own mini.yaml, in its installed package."""
    found = sorted(venv.glob("lib/python*/site-packages/minisweagent/config/mini.yaml"))
    if not found:
        raise EvalSetupError(f"mini-swe-agent's config/mini.yaml is not in {venv}: reinstall it (delete {venv})")
    return found[-1]


def mini_argv(venv: Path, api_base: str, task: str, trajectory: Path, step_limit: int = MINI_STEP_LIMIT) -> list[str]:
    return [str(venv / "bin" / "mini"), "-c", str(mini_config(venv)), "-c", "agent.mode=yolo",
            "-c", "agent.confirm_exit=false", "-c", f"agent.step_limit={step_limit}",
            "-c", f"model.model_kwargs.api_base={api_base}", "-c", "model.model_kwargs.api_key=x",
            "-m", f"openai/{SERVED_NAME}", "-t", task, "-o", str(trajectory)]


def run_peer(argv: Sequence[str], cwd: Path, env: dict[str, str], limit: float) -> LimitedRun:
    """Run a peer in `cwd` with nothing on stdin; past `limit` seconds its whole process group is stopped."""
    return run_limited(argv, cwd, env, limit)


def aider_reply(history: Path) -> str:
    """What Aider answered last, from its chat history (its own lines, without the person's and the tool's)."""
    file = history / "aider.chat.history.md"
    if not file.exists():
        return ""
    lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
    last_ask = max((index for index, line in enumerate(lines) if line.startswith("#### ")), default=-1)
    return "\n".join(line for line in lines[last_ask + 1:] if not line.startswith(">")).strip()
