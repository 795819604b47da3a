"""Recall on the reference set (tests/fixtures/shared_memory: 205 entries, 50 queries) stays above the floors
bench/memory_recall.py set, full text alone and with vectors."""

import pytest

from orkeon_engine.adapters.memory_entry_files import MemoryEntryFiles
from orkeon_engine.adapters.minilm_embedder import find_embedder
from orkeon_engine.adapters.sqlite_memory_index import SqliteMemoryIndex
from orkeon_engine.domain.shared_memory.evaluation import measure
from tests.support.doubles.fake_clock import FakeClock
from tests.support.shared_memory_fixture import floors, ranked_keys, reference_queries, seed_memory


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    root = tmp_path_factory.mktemp("reference")
    seed_memory(root)
    return root


async def _figures(root, embedder):
    index = SqliteMemoryIndex(MemoryEntryFiles(root), None, FakeClock(), embedder)
    queries = reference_queries()
    rankings = [ranked_keys(await index.search(q.query, 5, vectors=embedder is not None)) for q in queries]
    index.close()
    return measure(rankings, queries, k=5)


def test_the_reference_set_has_two_hundred_entries_and_fifty_queries(workspace):
    entries = list((workspace / ".orkeon" / "memory").glob("*.md"))
    queries = reference_queries()

    assert len(entries) >= 200 and len(queries) == 50
    assert {key for q in queries for key in q.expected} <= {path.stem for path in entries}


async def test_full_text_recall_stays_above_its_floor(workspace):
    floor = floors()["bm25"]

    figures = await _figures(workspace, None)

    assert figures.recall >= floor["recall"] and figures.mrr >= floor["mrr"]


async def test_fused_recall_stays_above_its_floor(workspace):
    embedder, why_not = find_embedder()
    assert embedder is not None, why_not
    floor = floors()["bm25+vectors"]

    fused = await _figures(workspace, embedder)

    assert fused.recall >= floor["recall"] and fused.mrr >= floor["mrr"]
