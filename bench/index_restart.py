"""A restart's warm code index: the first pass of a new index over a workspace whose cache is already built,
beside the same pass of an index that has everything in memory, in one run.

Budget (DESIGN.md, issue 17): a restart's warm code index under 0.2 s. The workspace is the Python standard
library's Lib/ (about 1,800 files, a 12 MB cache). The cache is built once in a temporary folder; then, in
turns, a new TreeSitterCodeIndex on that cache runs `build()` (the restart: open the cache, load it, list and
stat the files, decode nothing), and an index that already ran a pass runs `build()` again (the floor: listing
and stat alone). The best of several runs of each is printed with their ratio; a full decode of every entry
(what a restart cost when the cache was decoded whole) is printed beside them. Nothing is asserted and no
file of the standard library is written.
"""

from __future__ import annotations

import asyncio
import sysconfig
import tempfile
import time
from pathlib import Path

from orkeon_engine.adapters.code_index_cache import EXTRACTOR_VERSION, IndexCache, decode_entry
from orkeon_engine.adapters.tree_sitter_code_index import CACHE_FILE, TreeSitterCodeIndex

ROOT = Path(sysconfig.get_paths()["stdlib"])
RUNS = 5
BUDGET_S = 0.2


async def _restart(cache: Path) -> float:
    index = TreeSitterCodeIndex(ROOT, cache)
    began = time.perf_counter()
    await index.build()
    seconds = time.perf_counter() - began
    index.close()
    return seconds


async def _again(index: TreeSitterCodeIndex) -> float:
    began = time.perf_counter()
    await index.build()
    return time.perf_counter() - began


def _decode_all(cache: Path) -> float:
    began = time.perf_counter()
    stored = IndexCache(cache / CACHE_FILE, EXTRACTOR_VERSION)
    for row, _ in stored.load():
        decode_entry(row)
    stored.close()
    return time.perf_counter() - began


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder)
        warm = TreeSitterCodeIndex(ROOT, cache)
        report = await warm.build()
        size = (cache / CACHE_FILE).stat().st_size / 1e6
        restarts, passes, decodes = [], [], []
        for _ in range(RUNS):
            restarts.append(await _restart(cache))
            passes.append(await _again(warm))
            decodes.append(_decode_all(cache))
        warm.close()
    restart, floor = min(restarts), min(passes)
    print(f"the standard library ({ROOT}): {report.seen} files, a {size:.1f} MB cache; best of {RUNS} runs")
    print(f"  restart: a new index's first pass on the warm cache {restart:7.3f} s   (budget: under {BUDGET_S} s)")
    print(f"  the same pass with the index in memory             {floor:7.3f} s")
    print(f"  ratio                                              {restart / floor:7.2f}x")
    print(f"  decoding every cached entry (the former restart)   {min(decodes):7.3f} s")


if __name__ == "__main__":
    asyncio.run(main())
