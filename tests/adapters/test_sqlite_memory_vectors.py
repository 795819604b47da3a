"""The index with its vectors (the embeddings extra, which make test installs): sqlite-vec through sqlean's
SQLite, all-MiniLM-L6-v2 run with numpy, the two rankings fused."""

import os

import pytest

from orkeon_engine.adapters.memory_entry_files import MemoryEntryFiles
from orkeon_engine.adapters.minilm_embedder import find_embedder
from orkeon_engine.adapters.sqlite_memory_index import FULL_CHECK_SECONDS, INDEX_FILE, SqliteMemoryIndex
from orkeon_engine.domain.shared_memory.entries import make_entry, render_entry
from tests.support.doubles.fake_clock import FakeClock

HOUR_AGO = int((FakeClock().now().timestamp() - 3600) * 1_000_000_000)


@pytest.fixture(scope="module")
def embedder():
    embedder, why_not = find_embedder()
    assert embedder is not None, why_not
    return embedder


def _write(folder, name, title, text):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_entry(make_entry(title, text)), encoding="utf-8")
    os.utime(path, ns=(HOUR_AGO, HOUR_AGO))


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / ".orkeon" / "memory"
    _write(folder, "quote-paths.md", "Quote every path the shell tool gets",
           "A path with a space was split into two arguments and the wrong file was deleted.")
    _write(folder, "narrow-test.md", "Run the narrow test before the suite",
           "The whole suite takes minutes; run the test file you changed first.")
    _write(folder, "push-once.md", "Never push from a batch", "Pushing happens once, at the plan's close.")
    os.utime(folder, ns=(HOUR_AGO, HOUR_AGO))
    return folder


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def index(tmp_path, folder, clock, embedder):
    index = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), tmp_path / ".orkeon" / "local" / INDEX_FILE, clock,
                              embedder)
    yield index
    index.close()


async def test_vectors_find_a_paraphrase_that_shares_no_word_with_the_entry(index):
    words_only = await index.search("filenames containing blanks", 3, vectors=False)

    answer = await index.search("filenames containing blanks", 3, vectors=True)

    assert words_only.hits == ()
    assert answer.method == "bm25+vectors" and answer.hits[0].title == "Quote every path the shell tool gets"


async def test_an_entry_both_rankings_agree_on_comes_first(index):
    answer = await index.search("run the narrow test first", 3, vectors=True)

    assert answer.hits[0].title == "Run the narrow test before the suite" and answer.hits[0].score > 1 / 61


async def test_memory_vectors_off_keeps_to_full_text_with_the_extra_installed(index):
    answer = await index.search("filenames containing blanks", 3, vectors=False)

    assert answer.method == "bm25" and answer.note == ""


async def test_a_changed_entry_gets_a_new_vector(index, folder, clock):
    await index.search("anything", 3, vectors=True)
    (folder / "push-once.md").write_text(render_entry(make_entry(
        "Never push from a batch", "Bake bread with sourdough, flour and water.")), encoding="utf-8")
    clock.advance(FULL_CHECK_SECONDS)

    answer = await index.search("baking a loaf", 1, vectors=True)

    assert answer.hits[0].title == "Never push from a batch"


async def test_an_index_built_with_vectors_is_read_without_them(tmp_path, index, folder, clock):
    await index.search("anything", 3, vectors=True)
    index.close()
    (folder / "narrow-test.md").unlink()
    plain = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), tmp_path / ".orkeon" / "local" / INDEX_FILE, clock)

    answer = await plain.search("push batch", 3, vectors=True)

    assert [hit.title for hit in answer.hits] == ["Never push from a batch"] and answer.method == "bm25"
    plain.close()


async def test_a_vector_left_by_a_run_without_vectors_is_never_recalled(tmp_path, index, folder, clock, embedder):
    await index.search("anything", 3, vectors=True)
    index.close()
    plain = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), tmp_path / ".orkeon" / "local" / INDEX_FILE, clock)
    (folder / "quote-paths.md").unlink()
    await plain.refresh()
    plain.close()
    again = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), tmp_path / ".orkeon" / "local" / INDEX_FILE, clock,
                              embedder)

    answer = await again.search("filenames containing blanks", 3, vectors=True)

    assert "Quote every path the shell tool gets" not in [hit.title for hit in answer.hits]
    again.close()
