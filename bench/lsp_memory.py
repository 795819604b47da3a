"""The language server's memory under load, beside a bare pygls server, in one run.

Budget (DESIGN.md): the server's memory flat under 10,000 requests. Each server is started, initialized,
sent one warm-up request, then 10,000 executeCommand requests one after the other (`orkeon.status`; the bare
server's one command); the RSS is printed after the warm-up and after every 2,500 requests, with the growth
per request over the whole run. Nothing is asserted.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsp_latency import BARE_SERVER, StdioPeer, _start, bench_workspace  # noqa: E402

REQUESTS = 10_000
STEP = 2_500


def _load(peer: StdioPeer, command: str) -> list[tuple[int, float]]:
    """The RSS (MB) after the warm-up and after every STEP requests."""
    params = {"command": command, "arguments": []}
    peer.request("workspace/executeCommand", params)
    figures = [(0, peer.rss_mb())]
    for done in range(1, REQUESTS + 1):
        answer = peer.request("workspace/executeCommand", params)
        assert "result" in answer, answer
        if done % STEP == 0:
            figures.append((done, peer.rss_mb()))
    return figures


def main() -> None:
    workspace, env = bench_workspace()
    servers = {
        "orkeon-lsp": ([sys.executable, "-m", "orkeon_lsp"], "orkeon.status"),
        "bare pygls": ([sys.executable, "-c", BARE_SERVER], "bare.ping"),
    }
    print(f"RSS under {REQUESTS:,} executeCommand requests (orkeon.status; the bare server's one command):")
    for name, (command, request) in servers.items():
        peer, _ = _start(command, env, workspace)
        try:
            figures = _load(peer, request)
        finally:
            peer.stop()
        steps = "  ".join(f"{done:>6,}: {mb:5.1f} MB" for done, mb in figures)
        growth = (figures[-1][1] - figures[0][1]) * 1024 * 1024 / REQUESTS
        print(f"  {name:<11} {steps}")
        print(f"  {'':<11} after {REQUESTS:,} requests: {figures[-1][1]:.1f} MB, "
              f"{growth:,.0f} bytes a request" + ("   (budget: flat)" if name == "orkeon-lsp" else ""))


if __name__ == "__main__":
    main()
