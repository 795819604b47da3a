"""What a small model's turn spends looking the request's words up in the project, beside a baseline.

The search (services/request_material.py, `assistant.requestSearch`) reads the files git lists, up to
SEARCH_FILES_MAX, through the VFS and the read rules, and scores their lines. The baseline, measured in the
same run over the same files, is what it cannot avoid: reading them through the VFS, each past the
workspace checks and the read rules (a file the rules refuse must not be searched). The budget: the
search within 3x of those reads, over this repository's first 400 listed files (about 0.3 s here, where a
turn of the 1.5B model takes tens of seconds).

Run: `.venv/bin/python bench/request_search.py` (or `make bench`). It prints; it asserts nothing.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orkeon_engine.adapters.vfs import create_workspace_vfs  # noqa: E402
from orkeon_engine.domain.context.request_material import SEARCH_FILES_MAX  # noqa: E402
from orkeon_engine.domain.permissions.decide import GateContext  # noqa: E402
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS  # noqa: E402
from orkeon_engine.ports.files import Files  # noqa: E402
from orkeon_engine.services.context_files import Refusal, check_and_read, quiet_read_refusal  # noqa: E402
from orkeon_engine.services.request_material import MaterialChoice, read_request_material  # noqa: E402
from tests.support.bash_grammar import BASH_GRAMMAR  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
REQUEST = "Where does the review drop a finding whose quote matches no added line of its hunk?"
ROUNDS = 5
BUDGET_RATIO = 3.0


def _listed() -> tuple[str, ...]:
    done = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return tuple(sorted(line for line in done.stdout.splitlines() if line))


def _refusal() -> Refusal:
    rules = list(RULE_SETS["secrets"].entries())
    return quiet_read_refusal(GateContext("default", rules, read=BASH_GRAMMAR.read))


async def _reads(files: Files, listed: tuple[str, ...]) -> float:
    """The unavoidable part: each file read through the workspace checks and the read rules."""
    refusal = _refusal()
    start = time.perf_counter()
    for relative in listed[:SEARCH_FILES_MAX]:
        await check_and_read(files, "/workspace/" + relative, False, refusal)
    return time.perf_counter() - start


async def _search(files: Files, listed: tuple[str, ...]) -> tuple[float, int]:
    refusal = _refusal()
    start = time.perf_counter()
    material = await read_request_material(files, refusal, REQUEST, listed, (), 10_000, MaterialChoice(search=True))
    return time.perf_counter() - start, len(material.lines)


async def main() -> None:
    listed = _listed()
    files = create_workspace_vfs(ROOT, ROOT / ".orkeon" / "local")
    try:
        reads = min([await _reads(files, listed) for _ in range(ROUNDS)])
        searches = [await _search(files, listed) for _ in range(ROUNDS)]
    finally:
        files.close()
    search, found = min(searches)
    ratio = search / reads if reads else float("inf")
    verdict = "within" if ratio <= BUDGET_RATIO else "OVER"
    print(f"request search over {min(len(listed), SEARCH_FILES_MAX)} of {len(listed)} listed files, best of {ROUNDS}:")
    print(f"  search {search * 1000:8.1f} ms ({found} lines)   baseline reads {reads * 1000:8.1f} ms   "
          f"{ratio:.2f}x ({verdict} the {BUDGET_RATIO:g}x budget)")


if __name__ == "__main__":
    asyncio.run(main())
