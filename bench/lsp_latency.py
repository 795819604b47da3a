"""The language server's start, memory, sync-command and keystroke latency, beside a bare pygls server, in
one run.

Budgets (DESIGN.md, issue 48): `initialize`, from process start to its response, within 1.15x of a bare pygls
server that registers one command; the idle server at most 55 MB RSS once initialized; a sync command
(`orkeon.status`) over stdio with p50 within 3x and p99 within 5x of the bare server's command; a keystroke
(an incremental didChange) in a 100,000-line file without findings within 1.2x of the bare server, and
costing what it changes (the same keystroke in a 1,000-line file is printed beside it). Both servers are
started in turns (orkeon, bare, orkeon, bare, ...) so that the machine's load falls on both alike; the
figures are printed, nothing is asserted. bench/lsp_memory.py has the RSS after 10,000 requests.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
STARTS = 11
CALLS = 200
KEYSTROKES = 50
ROUNDS = 7
RSS_BUDGET_MB, P50_BUDGET, P99_BUDGET = 55.0, 3.0, 5.0
PING = "orkeon/bench-ping"
"""A method neither server knows: both answer MethodNotFound at once, which tells that every change sent
before it has been handled."""
BARE_SERVER = """
from pygls.lsp.server import LanguageServer

server = LanguageServer("bare", "0")


@server.command("bare.ping")
def ping(ls, *arguments):
    return {"message": "pong"}


server.start_io()
"""


class StdioPeer:
    """A server process and the blocking framing of its stdio."""

    def __init__(self, command: list[str], env: dict[str, str], cwd: str) -> None:
        self.started = time.perf_counter()
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        self._next_id = 0

    def send(self, method: str, params: Any = None, request: bool = True) -> int:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self._next_id += 1
            message["id"] = self._next_id
        body = json.dumps(message).encode()
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        stdin.flush()
        return self._next_id

    def answer(self, msg_id: int) -> dict[str, Any]:
        """Read until the answer to `msg_id`, skipping notifications."""
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            message = _read_message(stdout)
            if message.get("id") == msg_id and "method" not in message:
                return message

    def request(self, method: str, params: Any = None) -> dict[str, Any]:
        return self.answer(self.send(method, params))

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        try:
            self.request("shutdown")
            self.send("exit", request=False)
            self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                self.process.kill()


def _read_message(stream: IO[bytes]) -> dict[str, Any]:
    length = 0
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server closed its stdout")
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
        elif line in (b"\r\n", b"\n") and length:
            message: dict[str, Any] = json.loads(stream.read(length))
            return message


def _initialize_params(workspace: str) -> dict[str, Any]:
    return {"processId": os.getpid(), "rootUri": Path(workspace).as_uri(), "capabilities": {}}


def _start(command: list[str], env: dict[str, str], workspace: str) -> tuple[StdioPeer, float]:
    peer = StdioPeer(command, env, workspace)
    peer.request("initialize", _initialize_params(workspace))
    seconds = time.perf_counter() - peer.started
    peer.send("initialized", {}, request=False)
    return peer, seconds


def _latencies(peers: dict[str, tuple[StdioPeer, str]]) -> dict[str, list[float]]:
    """CALLS round trips of each server's command, the servers asked in turns (one call to each, then the
    next), so that a burst of the machine's load falls on both alike."""
    for peer, command in peers.values():
        peer.request("workspace/executeCommand", {"command": command, "arguments": []})  # warm
    figures: dict[str, list[float]] = {name: [] for name in peers}
    for _ in range(CALLS):
        for name, (peer, command) in peers.items():
            began = time.perf_counter()
            answer = peer.request("workspace/executeCommand", {"command": command, "arguments": []})
            figures[name].append(time.perf_counter() - began)
            assert "result" in answer, answer
    return figures


def _keystroke_ms(peer: StdioPeer, workspace: str, lines: int) -> float:
    """Milliseconds one keystroke (a one-character incremental change in the middle of a `lines`-line file)
    costs the server: a burst of KEYSTROKES changes then a ping, less a lone ping; the median of ROUNDS."""
    uri = (Path(workspace) / f"big_{lines}.py").as_uri()
    text = "".join(f"value_{n} = compute({n})\n" for n in range(lines))
    peer.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                         "text": text}}, request=False)
    peer.request(PING)
    lone, bursts = [], []
    version = 1
    for _ in range(ROUNDS):
        began = time.perf_counter()
        peer.request(PING)
        lone.append(time.perf_counter() - began)
        began = time.perf_counter()
        for n in range(KEYSTROKES):
            version += 1
            at = {"line": lines // 2, "character": n}
            peer.send("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": at, "end": at}, "text": "x"}]}, request=False)
        peer.request(PING)
        bursts.append(time.perf_counter() - began)
    peer.send("textDocument/didClose", {"textDocument": {"uri": uri}}, request=False)
    return max(0.0, statistics.median(bursts) - statistics.median(lone)) / KEYSTROKES * 1000


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def compile_project() -> None:
    """Compile the project's bytecode, as an installed package has it: pygls and lsprotocol were compiled
    when pip installed them, and PYTHONDONTWRITEBYTECODE (set on some machines) would otherwise make
    orkeon-lsp compile its own modules on every start."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "orkeon_engine"), str(ROOT / "orkeon_lsp")],
                   check=True)


def bench_workspace() -> tuple[str, dict[str, str]]:
    """A fresh workspace folder, and the servers' environment (no ORKEON_ setting, this checkout first)."""
    compile_project()
    workspace = tempfile.mkdtemp(prefix="orkeon-bench-")
    env = {key: value for key, value in os.environ.items() if not key.startswith("ORKEON_")}
    env.update({"XDG_CONFIG_HOME": str(Path(workspace) / ".xdg"), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                "PYTHONPATH": str(ROOT),
                # the workspace's state in a folder of the bench's own, not the person's state folder
                "XDG_STATE_HOME": tempfile.mkdtemp(prefix="orkeon-bench-state-")})
    return workspace, env


def main() -> None:
    workspace, env = bench_workspace()
    orkeon = [sys.executable, "-m", "orkeon_lsp"]
    bare = [sys.executable, "-c", BARE_SERVER]

    starts: dict[str, list[float]] = {"orkeon-lsp": [], "bare pygls": []}
    for _ in range(STARTS):
        for name, command in (("orkeon-lsp", orkeon), ("bare pygls", bare)):
            peer, seconds = _start(command, env, workspace)
            starts[name].append(seconds)
            peer.stop()

    orkeon_peer, _ = _start(orkeon, env, workspace)
    bare_peer, _ = _start(bare, env, workspace)
    try:
        orkeon_peer.request("workspace/executeCommand", {"command": "orkeon.status", "arguments": []})
        rss = {"orkeon-lsp": orkeon_peer.rss_mb(), "bare pygls": bare_peer.rss_mb()}
        calls = _latencies({"orkeon-lsp": (orkeon_peer, "orkeon.status"), "bare pygls": (bare_peer, "bare.ping")})
        keystrokes = {name: {size: _keystroke_ms(peer, workspace, size) for size in (1_000, 100_000)}
                      for name, peer in (("orkeon-lsp", orkeon_peer), ("bare pygls", bare_peer))}
    finally:
        orkeon_peer.stop()
        bare_peer.stop()

    print(f"process start to the initialize response, median of {STARTS} starts each (taken in turns):")
    for name, figures in starts.items():
        print(f"  {name:<11} {statistics.median(figures) * 1000:7.1f} ms   (min {min(figures) * 1000:.1f} ms)")
    ratio = statistics.median(starts["orkeon-lsp"]) / statistics.median(starts["bare pygls"])
    best = min(starts["orkeon-lsp"]) / min(starts["bare pygls"])
    print(f"  ratio        {ratio:7.2f}x   (of the minima: {best:.2f}x; budget: within 1.15x)")
    print("idle RSS once initialized (orkeon-lsp with its engine built):")
    for name, megabytes in rss.items():
        print(f"  {name:<11} {megabytes:7.1f} MB" + (f"   (budget: at most {RSS_BUDGET_MB:g} MB)"
                                                     if name == "orkeon-lsp" else ""))
    print(f"executeCommand round trips over stdio, {CALLS} calls each, in turns (orkeon.status; the bare server's "
          "one command):")
    for name, figures in calls.items():
        p50, p99 = _percentile(figures, 0.50) * 1000, _percentile(figures, 0.99) * 1000
        print(f"  {name:<11} p50 {p50:6.2f} ms   p99 {p99:6.2f} ms")
    ratios = {q: _percentile(calls["orkeon-lsp"], q) / _percentile(calls["bare pygls"], q) for q in (0.50, 0.99)}
    print(f"  ratio       p50 {ratios[0.50]:6.2f}x     p99 {ratios[0.99]:6.2f}x    "
          f"(budget: p50 within {P50_BUDGET:g}x, p99 within {P99_BUDGET:g}x of bare pygls)")
    print(f"a keystroke (one-character didChange, median of {ROUNDS} bursts of {KEYSTROKES}) in a file without "
          "findings:")
    for name, by_size in keystrokes.items():
        print(f"  {name:<11} 1,000 lines {by_size[1_000]:7.3f} ms   100,000 lines {by_size[100_000]:7.3f} ms")
    big = keystrokes["orkeon-lsp"][100_000] / max(keystrokes["bare pygls"][100_000], 1e-6)
    print(f"  ratio in the 100,000-line file {big:7.2f}x   (budget: within 1.2x of bare pygls)")


if __name__ == "__main__":
    main()
