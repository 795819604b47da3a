"""The shared memory's recall and speed: recall@5 and MRR on the reference set, full text alone and with
vectors, and the query latency at 10,000 entries (goal: under 20 ms for full text), beside a baseline.

Recall: the 205 entries and 50 queries of tests/fixtures/shared_memory, indexed by SqliteMemoryIndex, once
without vectors (FTS5, bm25) and once with them (all-MiniLM-L6-v2 and sqlite-vec, fused by reciprocal
rank). `--write-floors` writes the floors the recall test holds (each figure less 0.05) to
tests/fixtures/shared_memory/floors.json.

Latency: 10,000 entries (the 205, then variants of them with a number and a sentence of another entry), the
index built first; then the 50 queries, ROUNDS times, through `search` (the freshness check, the query,
the hits read back). The baseline is the bare FTS5 query (MATCH, bm25, LIMIT 5) on the same index file
with the stdlib's sqlite3, measured in the same run. With vectors, a generated entry's vector is its source
entry's (the model would take minutes to embed 10,000 texts here, and the cost of the nearest-neighbour
scan does not depend on the values); the query's own embedding is computed for real each time.

Run: `.venv/bin/python bench/memory_recall.py [--write-floors]` (or `make bench`). It prints; it asserts
nothing.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orkeon_engine.adapters.memory_entry_files import MemoryEntryFiles  # noqa: E402
from orkeon_engine.adapters.minilm_embedder import MiniLmEmbedder, find_embedder  # noqa: E402
from orkeon_engine.adapters.sqlite_memory_index import INDEX_FILE, SqliteMemoryIndex  # noqa: E402
from orkeon_engine.adapters.sqlite_memory_vectors import embedding_text  # noqa: E402
from orkeon_engine.adapters.system_clock import SystemClock  # noqa: E402
from orkeon_engine.domain.shared_memory.entries import make_entry, parse_entry, render_entry  # noqa: E402
from orkeon_engine.domain.shared_memory.evaluation import RecallFigures, measure  # noqa: E402
from orkeon_engine.domain.shared_memory.recall import fts_query  # noqa: E402
from tests.support.shared_memory_fixture import (  # noqa: E402
    ENTRIES,
    percentile,
    ranked_keys,
    reference_queries,
    seed_memory,
    write_floors,
)

LARGE = 10_000
ROUNDS = 5
K = 5
GOAL_MS = 20.0
FLOOR_MARGIN = 0.05


def _index(root: Path, embedder: Any) -> SqliteMemoryIndex:
    return SqliteMemoryIndex(MemoryEntryFiles(root), root / ".orkeon" / "local" / INDEX_FILE, SystemClock(), embedder)


async def _recall(embedder: MiniLmEmbedder | None) -> tuple[RecallFigures, float]:
    queries = reference_queries()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        seed_memory(root)
        index = _index(root, embedder)
        start = time.perf_counter()
        await index.search("warm up", K, vectors=embedder is not None)  # builds the index (and the vectors)
        built = time.perf_counter() - start
        rankings = [ranked_keys(await index.search(q.query, K, vectors=embedder is not None)) for q in queries]
        index.close()
    return measure(rankings, queries, K), built


class _SourceVectors:
    """An embedder that gives a generated entry the vector of the entry it was made from (module doc)."""

    def __init__(self, real: MiniLmEmbedder, sources: dict[str, str]) -> None:
        self.real = real
        self.sources = sources
        self.dimensions = real.dimensions
        self.model_id = real.model_id
        self._cache: dict[str, Any] = {}

    def encode(self, texts: list[str]) -> Any:
        import numpy as np

        wanted = [self.sources.get(text, text) for text in texts]
        missing = [text for text in dict.fromkeys(wanted) if text not in self._cache]
        if missing:
            for text, vector in zip(missing, self.real.encode(missing), strict=True):
                self._cache[text] = vector
        return np.stack([self._cache[text] for text in wanted])


def _large_memory(root: Path) -> dict[str, str]:
    """Write LARGE entries under root; the embedding text of each generated entry -> its source's."""
    folder = seed_memory(root)
    originals = [parse_entry(path.read_text(encoding="utf-8")) for path in sorted(ENTRIES.glob("*.md"))]
    sentences = [sentence for entry in originals for sentence in entry.text.split(". ") if sentence]
    chance = random.Random(23)
    sources: dict[str, str] = {}
    for number in range(LARGE - len(originals)):
        source = originals[number % len(originals)]
        entry = make_entry(f"{source.title} ({number})", f"{source.text} {chance.choice(sentences)}.",
                           source.tags, source.source)
        (folder / f"generated-{number:05d}.md").write_text(render_entry(entry), encoding="utf-8")
        sources[embedding_text(entry.title, entry.text)] = embedding_text(source.title, source.text)
    return sources


def _bare_fts(path: Path, queries: list[str]) -> list[float]:
    conn = sqlite3.connect(path)
    times = []
    for _ in range(ROUNDS):
        for query in queries:
            start = time.perf_counter()
            conn.execute("SELECT rowid, bm25(entries_fts, 4.0, 2.0, 1.0) AS rank FROM entries_fts "
                         "WHERE entries_fts MATCH ? ORDER BY rank LIMIT 5", (fts_query(query),)).fetchall()
            times.append(time.perf_counter() - start)
    conn.close()
    return times


async def _timed(index: SqliteMemoryIndex, queries: list[str], vectors: bool) -> list[float]:
    times = []
    for _ in range(ROUNDS):
        for query in queries:
            start = time.perf_counter()
            await index.search(query, K, vectors=vectors)
            times.append(time.perf_counter() - start)
    return times


def _line(label: str, times: list[float]) -> str:
    return (f"  {label:44} p50 {percentile(times, 0.5) * 1000:7.2f} ms   p95 {percentile(times, 0.95) * 1000:7.2f} ms"
            f"   max {max(times) * 1000:7.2f} ms")


async def _latency(embedder: MiniLmEmbedder | None) -> None:
    queries = [q.query for q in reference_queries()]
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        sources = _large_memory(root)
        index = _index(root, None)
        start = time.perf_counter()
        await index.refresh()
        print(f"latency at {LARGE:,} entries ({len(queries)} queries x {ROUNDS} rounds); index built in "
              f"{time.perf_counter() - start:.1f} s")
        ours = await _timed(index, queries, vectors=False)
        index.close()
        base = _bare_fts(root / ".orkeon" / "local" / INDEX_FILE, queries)
        verdict = "within" if percentile(ours, 0.5) * 1000 < GOAL_MS else "OVER"
        print(_line("bare FTS5 query (baseline)", base))
        print(_line("search, full text", ours) + f"   ({verdict} the {GOAL_MS:g} ms goal at p50)")
        if embedder is None:
            return
        vectors = _index(root, _SourceVectors(embedder, sources))
        start = time.perf_counter()
        await vectors.search("warm up", K, vectors=True)
        print(f"  (vectors of {LARGE:,} entries stored in {time.perf_counter() - start:.1f} s)")
        query_embedding = []
        for query in queries:
            start = time.perf_counter()
            embedder.encode([query])
            query_embedding.append(time.perf_counter() - start)
        print(_line("embedding of the query alone", query_embedding))
        print(_line("search, full text and vectors fused", await _timed(vectors, queries, vectors=True)))
        vectors.close()


def _recall_line(label: str, figures: RecallFigures, built: float) -> str:
    return (f"  {label:44} recall@{figures.k} {figures.recall:.3f}   MRR {figures.mrr:.3f}   "
            f"(first index {built:.1f} s)")


async def main(write: bool) -> None:
    embedder, why = find_embedder()
    queries = reference_queries()
    print(f"recall on the reference set: {len(list(ENTRIES.glob('*.md')))} entries, {len(queries)} queries")
    measured: dict[str, tuple[float, float]] = {}
    fts, built = await _recall(None)
    measured["bm25"] = (fts.recall, fts.mrr)
    print(_recall_line("full text (FTS5, bm25)", fts, built))
    if embedder is not None:
        fused, built = await _recall(embedder)
        measured["bm25+vectors"] = (fused.recall, fused.mrr)
        print(_recall_line("full text and vectors, fused (RRF)", fused, built))
    else:
        print(f"  vectors: not measured ({why})")
    if write:
        print(f"floors written: {write_floors(measured, FLOOR_MARGIN)}")
    await _latency(embedder)


if __name__ == "__main__":
    asyncio.run(main("--write-floors" in sys.argv[1:]))
