"""The command line's start beside Python's own, and `orkeon assistant hi` beside importing the model library,
in one run.

Budgets (issue 48): `orkeon --help` within 4x `python -c pass`; `orkeon status` within 6x; `orkeon assistant
hi` against the loopback stub model, the first run in a fresh workspace within 1.2x of importing the model
library, and a second run in the same workspace within 1.5 s, with the peak memory of each run printed.
The model library is what the run loads: httpx for an OpenAI-compatible api base such as the stub
(adapters/httpx_openai_client.py), litellm for every other provider; both imports are printed, litellm's
as the figure the issue measured before. Every command is run in turns with its baselines (pass, --help,
status, pass, --help, status, ...), so the machine's load falls on all alike; medians are printed, and the
ratios are of the medians. The peak memory is each run's own (GNU time's %M; `timed` says why). Nothing
is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lsp_latency import compile_project  # noqa: E402  (bench/ is on sys.path as the script's folder)

from tests.support.stub_openai_server import StubOpenAIServer  # noqa: E402

HELP_GOAL, STATUS_GOAL, FIRST_GOAL, SECOND_GOAL_SECONDS = 4.0, 6.0, 1.2, 1.5
GNU_TIME = "/usr/bin/time" if Path("/usr/bin/time").exists() else ""


def orkeon(workspace: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "orkeon_engine.cli", "--workspace", str(workspace), *args]


def _env(home: Path, api_base: str | None = None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"XDG_CONFIG_HOME": str(home / ".xdg"), "LITELLM_LOCAL_MODEL_COST_MAP": "True", "PYTHONPATH": str(ROOT),
                "XDG_STATE_HOME": str(home / ".xdg-state")})  # the workspaces' state stays in the bench's folder
    if api_base:
        env.update({"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": api_base})
    return env


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from start to exit, and the peak RSS in MiB, of one run (its output thrown away). The peak is
    GNU time's (%M) when /usr/bin/time is there: a child this process forks or spawns itself would count
    this process's pages as its own (the kernel keeps the high-water mark across exec). Without it the peak
    printed is wait4's, that high-water mark (said so)."""
    with tempfile.NamedTemporaryFile(prefix="orkeon-peak-", suffix=".txt", delete=False) as peak_file:
        peak_path = Path(peak_file.name)
    wrapped = [GNU_TIME, "-f", "%M", "-o", str(peak_path), *command] if GNU_TIME else command
    began = time.perf_counter()
    process = subprocess.Popen(wrapped, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(status)
    stderr = process.stderr.read().decode() if process.stderr else ""
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command[-2:])} exited {process.returncode}: {stderr[-800:]}")
    written = peak_path.read_text().strip().splitlines() if GNU_TIME else []
    peak_path.unlink()
    kib = int(written[-1]) if written and written[-1].isdigit() else usage.ru_maxrss
    return seconds, kib / 1024


def start_figures(runs: int, home: Path) -> dict[str, list[tuple[float, float]]]:
    """`python -c pass`, `orkeon --help`, `orkeon status`, in turns."""
    workspace = home / "status-workspace"
    workspace.mkdir()
    env = _env(home)
    timed(orkeon(workspace, "status"), env)  # the workspace's first run creates its state: not counted
    figures: dict[str, list[tuple[float, float]]] = {"python -c pass": [], "orkeon --help": [], "orkeon status": []}
    for _ in range(runs):
        figures["python -c pass"].append(timed([sys.executable, "-c", "pass"], env))
        figures["orkeon --help"].append(timed(orkeon(workspace, "--help"), env))
        figures["orkeon status"].append(timed(orkeon(workspace, "status"), env))
    return figures


def assistant_figures(runs: int, home: Path, api_base: str) -> dict[str, list[tuple[float, float]]]:
    """`import httpx`, `import litellm`, and `orkeon assistant hi` twice in a fresh workspace, in turns."""
    env = _env(home, api_base)
    figures: dict[str, list[tuple[float, float]]] = {
        "python -c 'import httpx'": [], "python -c 'import litellm'": [], "assistant hi, first run": [],
        "assistant hi, second run": []}
    for index in range(runs):
        workspace = home / f"assistant-{index}"
        workspace.mkdir()
        figures["python -c 'import httpx'"].append(timed([sys.executable, "-c", "import httpx"], env))
        figures["python -c 'import litellm'"].append(timed([sys.executable, "-c", "import litellm"], env))
        figures["assistant hi, first run"].append(timed(orkeon(workspace, "assistant", "hi"), env))
        figures["assistant hi, second run"].append(timed(orkeon(workspace, "assistant", "hi"), env))
    return figures


def _median(figures: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s for s, _ in figures), statistics.median(m for _, m in figures)


def report(figures: dict[str, list[tuple[float, float]]]) -> dict[str, tuple[float, float]]:
    medians = {name: _median(values) for name, values in figures.items()}
    for name, (seconds, mib) in medians.items():
        print(f"  {name:<28} {seconds * 1000:8.1f} ms   peak {mib:6.1f} MiB   (median of {len(figures[name])})")
    return medians


def verdict(ratio: float, goal: float) -> str:
    return f"{ratio:5.2f}x   (goal: within {goal:g}x; {'within' if ratio <= goal else 'over'})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=10, help="runs of each start command (default 10)")
    parser.add_argument("--assistant-runs", type=int, default=5,
                        help="fresh workspaces for `assistant hi` (default 5; each imports litellm once as its "
                             "baseline)")
    options = parser.parse_args(argv)
    compile_project()
    home = Path(tempfile.mkdtemp(prefix="orkeon-cli-start-"))
    if not GNU_TIME:
        print("(no /usr/bin/time: the peaks below include this process's pages at the spawn)")
    print("the command line's start (runs taken in turns):")
    start = report(start_figures(options.runs, home))
    base = start["python -c pass"][0]
    print(f"  --help beside python -c pass  {verdict(start['orkeon --help'][0] / base, HELP_GOAL)}")
    print(f"  status beside python -c pass  {verdict(start['orkeon status'][0] / base, STATUS_GOAL)}")
    with StubOpenAIServer(default={"content": "hi"}) as stub:
        print("`orkeon assistant hi` against the loopback stub model (runs taken in turns):")
        assistant = report(assistant_figures(options.assistant_runs, home, stub.url))
    first, second = assistant["assistant hi, first run"][0], assistant["assistant hi, second run"][0]
    httpx_import = assistant["python -c 'import httpx'"][0]
    litellm_import = assistant["python -c 'import litellm'"][0]
    print(f"  first run beside importing litellm (the library before)  {verdict(first / litellm_import, FIRST_GOAL)}")
    print(f"  first run beside importing httpx (the library it loads)  {first / httpx_import:5.2f}x")
    print(f"  second run  {second:5.2f} s   (goal: within {SECOND_GOAL_SECONDS:g} s; "
          f"{'within' if second <= SECOND_GOAL_SECONDS else 'over'})")


if __name__ == "__main__":
    main()
