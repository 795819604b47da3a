"""Code index throughput: building the index of this repository and of the Python standard library's Lib/
beside raw tree-sitter parsing of the same files (budget: within 2x), and one edited file reindexed
(budget: under 20 ms). Prints figures only; nothing is asserted and no file of either tree is written.

Both sides read the files from disk; the raw side parses them and stops there, the index also hashes them,
extracts symbols and imports, and writes its cache (a fresh one, in a temporary folder). The grammars are
loaded before either side is timed. The edited file is read first, as node_read does before an edit, then
reindexed from its edited text five times (each edit a new line in its middle). Each build is timed
several times and the best run kept, on both sides, since the machine may be busy."""

from __future__ import annotations

import asyncio
import statistics
import sysconfig
import tempfile
import time
from pathlib import Path

from orkeon_engine.adapters.source_files import SourceFile, list_source_files
from orkeon_engine.adapters.tree_sitter_code_index import TreeSitterCodeIndex
from orkeon_engine.adapters.tree_sitter_symbols import parse_tree
from orkeon_engine.domain.code_index.answers import IndexReport

REPOSITORY = Path(__file__).resolve().parents[1]
RAW_BUDGET = 2.0
EDIT_BUDGET_MS = 20.0
EDITS = 5


def _raw_parse(root: Path, files: list[tuple[str, str]]) -> float:
    started = time.perf_counter()
    for path, language in files:
        parse_tree(language, (root / path).read_bytes())
    return time.perf_counter() - started


async def _build(root: Path) -> tuple[float, float, IndexReport]:
    with tempfile.TemporaryDirectory() as cache:
        index = TreeSitterCodeIndex(root, Path(cache))
        started = time.perf_counter()
        report = await index.build()
        built = time.perf_counter() - started
        started = time.perf_counter()
        await index.build()
        again = time.perf_counter() - started
        index.close()
    return built, again, report


async def _measure(label: str, root: Path, runs: int) -> None:
    listing = list_source_files(root)
    files = [(f.path, f.language) for f in listing.files]
    size = sum(f.size for f in listing.files)
    for language in {language for _, language in files}:
        parse_tree(language, b"")
    raw = min(_raw_parse(root, files) for _ in range(runs))
    builds = [await _build(root) for _ in range(runs)]
    built = min(b[0] for b in builds)
    again = min(b[1] for b in builds)
    report = builds[0][2]
    with tempfile.TemporaryDirectory() as cache:
        index = TreeSitterCodeIndex(root, Path(cache))
        await index.build()
        edit = await _edit_figures(index, root, listing.files)
        index.close()
    print(f"{label} ({root}): {len(files)} files, {size / 1e6:.1f} MB, {len(report.failed)} failed; "
          f"best of {runs} runs")
    print(f"  raw tree-sitter parse       {raw:8.3f} s")
    print(f"  index build, cold cache     {built:8.3f} s   {built / raw:.2f}x raw (budget {RAW_BUDGET:.0f}x)")
    print(f"  index pass, nothing changed {again:8.3f} s")
    print(edit)


async def _edit_figures(index: TreeSitterCodeIndex, root: Path, files: list[SourceFile]) -> str:
    by_size = sorted(files, key=lambda f: f.size)
    target = by_size[int(len(by_size) * 0.95)] if by_size else None
    if target is None:
        return "  one edited file reindexed: no file"
    text = (root / target.path).read_text(encoding="utf-8", errors="replace")
    started = time.perf_counter()
    await index.refresh([target.path], {target.path: text})
    first = (time.perf_counter() - started) * 1000
    times = []
    for number in range(EDITS):
        middle = text.find("\n", len(text) // 2)
        text = text[:middle] + f"\nedited_{number} = {number}" + text[middle:]
        started = time.perf_counter()
        await index.refresh([target.path], {target.path: text})
        times.append((time.perf_counter() - started) * 1000)
    return (f"  one edited file reindexed   {target.path} ({target.size / 1024:.0f} KB, the 95th percentile "
            f"of sizes): median {statistics.median(times):.1f} ms, max {max(times):.1f} ms "
            f"(budget {EDIT_BUDGET_MS:.0f} ms); first read {first:.1f} ms")


async def main() -> None:
    await _measure("this repository", REPOSITORY, runs=5)
    await _measure("the standard library", Path(sysconfig.get_paths()["stdlib"]), runs=2)


if __name__ == "__main__":
    asyncio.run(main())
