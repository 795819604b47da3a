"""The index over real entry files with the stdlib's SQLite: the full-text path (no embedder), as the
engine runs without the embeddings extra or with memory.vectors off. The vector path is in
test_sqlite_memory_vectors.py."""

import os
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from orkeon_engine.adapters.memory_entry_files import MemoryEntryFiles
from orkeon_engine.adapters.sqlite_memory_index import FULL_CHECK_SECONDS, INDEX_FILE, SqliteMemoryIndex
from orkeon_engine.domain.shared_memory.entries import make_entry, render_entry
from orkeon_engine.ports.memory_index import MemoryIndexError
from tests.support.doubles.fake_clock import FakeClock

HOUR_AGO = int((FakeClock().now().timestamp() - 3600) * 1_000_000_000)
"""An hour before the fake clock's time: files dated so are settled, not racy."""


def _write(folder, name, title, text, tags=()):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_entry(make_entry(title, text, list(tags))), encoding="utf-8")
    os.utime(path, ns=(HOUR_AGO, HOUR_AGO))
    return path


def _age(folder):
    """Date the folder (and its files) an hour back, as a memory committed earlier would be."""
    for path in [folder, *folder.rglob("*")]:
        os.utime(path, ns=(HOUR_AGO, HOUR_AGO))


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / ".orkeon" / "memory"
    _write(folder, "quote-paths.md", "Quote every path the shell tool gets",
           "A path with a space was split into two arguments.", ["shell"])
    _write(folder, "narrow-test.md", "Run the narrow test before the suite",
           "The whole suite takes minutes; run the test file you changed first.", ["tests"])
    _write(folder, "push-once.md", "Never push from a batch", "Pushing happens once, at the plan's close.", ["git"])
    _age(folder)
    return folder


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def index(tmp_path, folder, clock):
    index = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), tmp_path / ".orkeon" / "local" / INDEX_FILE, clock,
                              None, "install the orkeon[embeddings] extra for vectors")
    yield index
    index.close()


def _titles(answer):
    return [hit.title for hit in answer.hits]


async def test_a_search_ranks_the_entries_by_their_words(index):
    answer = await index.search("which test should I run first", 5, vectors=False)

    assert _titles(answer) == ["Run the narrow test before the suite"]
    assert answer.hits[0].path == ".orkeon/memory/narrow-test.md" and answer.hits[0].score > 0
    assert (answer.method, answer.entries) == ("bm25", 3)


async def test_vectors_asked_for_without_the_extra_fall_back_to_full_text_and_say_why(index):
    answer = await index.search("push", 5, vectors=True)

    assert answer.method == "bm25" and answer.note == "install the orkeon[embeddings] extra for vectors"
    assert _titles(answer) == ["Never push from a batch"]


async def test_the_limit_caps_the_hits(index):
    answer = await index.search("the suite a path at close", 2, vectors=False)

    assert len(answer.hits) == 2


async def test_a_query_without_a_word_finds_nothing(index):
    answer = await index.search("?!", 5, vectors=False)

    assert answer.hits == () and answer.entries == 3


async def test_a_changed_entry_file_is_reindexed_by_the_next_search(index, folder, clock):
    await index.search("push", 5, vectors=False)
    path = folder / "push-once.md"
    path.write_text(render_entry(make_entry("Never push from a batch", "Force-with-lease only, on your branch.")),
                    encoding="utf-8")
    clock.advance(FULL_CHECK_SECONDS)

    answer = await index.search("lease", 5, vectors=False)

    assert _titles(answer) == ["Never push from a batch"]
    assert _titles(await index.search("plan's close", 5, vectors=False)) == []


async def test_a_file_added_is_found_at_once_through_its_folder(index, folder):
    await index.search("push", 5, vectors=False)

    _write(folder, "gate/deny-first.md", "Deny rules come first", "The gate reads deny, then ask, then allow.")

    assert _titles(await index.search("deny rules", 5, vectors=False)) == ["Deny rules come first"]


async def test_a_file_removed_leaves_the_index(index, folder):
    await index.search("push", 5, vectors=False)

    (folder / "push-once.md").unlink()

    answer = await index.search("push", 5, vectors=False)
    assert answer.hits == () and answer.entries == 2


async def test_a_broken_entry_is_skipped_and_named_and_the_others_still_answer(index, folder):
    (folder / "broken.md").write_text("no front matter here", encoding="utf-8")

    answer = await index.search("suite", 5, vectors=False)

    assert _titles(answer) == ["Run the narrow test before the suite"]
    assert answer.problems == (".orkeon/memory/broken.md: the file does not open with a front matter: a `---` "
                               "line, `key: value` lines (title, tags, source, origin, created), then `---`",)


async def test_a_refresh_reports_what_changed(index, folder):
    await index.refresh()
    _write(folder, "new.md", "A new lesson", "text")
    (folder / "push-once.md").unlink()

    report = await index.refresh()

    assert (report.entries, report.added, report.changed, report.removed) == (3, 1, 0, 1)


async def test_the_index_survives_a_new_process_and_reads_no_file_again(tmp_path, index, clock):
    await index.refresh()
    index.close()
    again = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), tmp_path / ".orkeon" / "local" / INDEX_FILE, clock)

    report = await again.refresh()

    assert (report.entries, report.added, report.changed) == (3, 0, 0)
    again.close()


async def test_a_corrupt_index_file_is_rebuilt_from_the_entries_and_said(tmp_path, folder, clock):
    path = tmp_path / ".orkeon" / "local" / INDEX_FILE
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not a database" * 100)
    index = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), path, clock)

    answer = await index.search("push", 5, vectors=False)

    assert _titles(answer) == ["Never push from a batch"]
    assert "could not be read" in answer.note and "rebuilt from the entry files" in answer.note
    index.close()


async def test_an_index_that_cannot_be_opened_is_a_memory_index_error(tmp_path, folder, clock):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file", encoding="utf-8")
    index = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), blocker / INDEX_FILE, clock)

    with pytest.raises(MemoryIndexError, match="cannot be opened"):
        await index.search("push", 5, vectors=False)


async def test_forget_lets_the_file_go_and_the_next_search_rebuilds_it(tmp_path, index):
    await index.search("push", 5, vectors=False)

    await index.forget()
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / ".orkeon" / "local" / f"{INDEX_FILE}{suffix}").unlink(missing_ok=True)

    assert _titles(await index.search("push", 5, vectors=False)) == ["Never push from a batch"]


async def test_an_index_in_memory_answers_too(tmp_path, folder, clock):
    index = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), None, clock)

    answer = await index.search("arguments", 5, vectors=False)

    assert _titles(answer) == ["Quote every path the shell tool gets"] and index.location == "memory only"


def test_the_index_is_a_full_text_table_of_the_stdlib_sqlite(tmp_path, folder, clock):
    import asyncio

    index = SqliteMemoryIndex(MemoryEntryFiles(tmp_path), tmp_path / "index.db", clock)
    asyncio.run(index.refresh())
    index.close()

    rows = sqlite3.connect(tmp_path / "index.db").execute("SELECT count(*) FROM entries_fts").fetchone()

    assert rows == (3,)


@given(st.text(max_size=120))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
async def test_any_query_a_model_sends_is_answered_never_an_sqlite_error(index, query):
    answer = await index.search(query, 5, vectors=False)

    assert len(answer.hits) <= 5
