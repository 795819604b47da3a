"""`orkeon assistant hi` against a model server that never answers, beside its deadline, in one run.

Goal (issue 48): against a server that accepts the connection and never answers, the turn ends at the first-
byte deadline (`llm.firstByteSeconds`; 120 s by default for a local server, set lower here so the bench is
quick) plus the health check that finds it hung (and the question of the model's facts the first call asks
the server before it, which times out too), with one sentence naming the server and the setting; the
wait shows while it lasts; Ctrl-C ends the wait at once. Printed beside each figure: the deadline, and the
same command against a closed port (what a server that is down costs), and `python -c pass`. The server is
tests/support/silent_server.py: a loopback socket that accepts every connection and reads nothing.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from orkeon_engine.adapters.http_model_server import TIMEOUT_SECONDS as FACTS_SECONDS  # noqa: E402
from orkeon_engine.adapters.http_server_health import PROBE_SECONDS  # noqa: E402
from tests.support.silent_server import SilentServer  # noqa: E402

START_ALLOWANCE = 2.0
"""The command's own start and end around the wait (`orkeon assistant` builds its engine, then closes it)."""


def _env(home: Path, api_base: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"XDG_CONFIG_HOME": str(home / ".xdg"), "XDG_STATE_HOME": str(home / ".xdg-state"),
                "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "PYTHONPATH": str(ROOT), "ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": api_base})
    return env


def _orkeon(workspace: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "orkeon_engine.cli", "--workspace", str(workspace), *args]


def timed_turn(workspace: Path, env: dict[str, str]) -> tuple[float, int, str]:
    """Seconds `orkeon assistant hi` took, its exit code and its last line of stderr."""
    began = time.perf_counter()
    done = subprocess.run(_orkeon(workspace, "assistant", "hi"), env=env, capture_output=True, text=True,
                          timeout=600)
    said = [line for line in done.stderr.splitlines() if line.startswith("orkeon: ")]
    return time.perf_counter() - began, done.returncode, said[-1] if said else done.stderr.strip()[-300:]


def ctrl_c(workspace: Path, env: dict[str, str], silent: SilentServer, after: float) -> tuple[float, int]:
    """Seconds from Ctrl-C (SIGINT, `after` seconds into the wait) to the process's exit, and its code."""
    process = subprocess.Popen(_orkeon(workspace, "assistant", "hi"), env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        waited = len(silent.accepted)
        deadline = time.monotonic() + 120
        while len(silent.accepted) == waited and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(after)
        process.send_signal(signal.SIGINT)
        began = time.perf_counter()
        code = process.wait(timeout=60)
        return time.perf_counter() - began, code
    finally:
        if process.poll() is None:
            process.kill()


def _closed_port() -> str:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    listener.close()
    return f"http://127.0.0.1:{port}/v1"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--first-byte", type=float, default=5.0, help="llm.firstByteSeconds for the run (default 5)")
    options = parser.parse_args(argv)
    home = Path(tempfile.mkdtemp(prefix="orkeon-hung-"))
    workspace = home / "workspace"
    workspace.mkdir()
    with SilentServer() as silent:
        env = _env(home, silent.url)
        subprocess.run(_orkeon(workspace, "config", "set", "llm.firstByteSeconds", f"{options.first_byte:g}",
                               "--user"), env=env, check=True, capture_output=True)
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        python = time.perf_counter() - began
        hung, hung_code, said = timed_turn(workspace, env)
        closed, closed_code, closed_said = timed_turn(workspace, _env(home, _closed_port()))
        cancel, cancel_code = ctrl_c(workspace, env, silent, after=2.0)
    bound = FACTS_SECONDS + options.first_byte + PROBE_SECONDS + START_ALLOWANCE
    print(f"`orkeon assistant hi` against a server that accepts and never answers (llm.firstByteSeconds "
          f"{options.first_byte:g}):")
    print(f"  hung server      {hung:7.2f} s   exit {hung_code}   (goal: {bound:g} s, the server's facts asked "
          f"first ({FACTS_SECONDS:g} s), the deadline, the health check ({PROBE_SECONDS:g} s) and the command's "
          f"start; {'within' if hung <= bound else 'over'})")
    print(f"    said: {said}")
    print(f"  closed port      {closed:7.2f} s   exit {closed_code}   (a server that is down, for comparison)")
    print(f"    said: {closed_said}")
    print(f"  Ctrl-C to exit   {cancel:7.2f} s   exit {cancel_code}   (goal: at once; python -c pass takes "
          f"{python:.2f} s)")


if __name__ == "__main__":
    main()
