import pytest

from orkeon_engine.commands.memory.memory_search import run_memory_search
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.shared_memory.recall import RecallAnswer, RecallHit
from orkeon_engine.ports.memory_index import MemoryIndexError
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_memory_index import FakeMemoryIndex

HITS = tuple(RecallHit(f".orkeon/memory/e{n}.md", f"Entry {n}", 1.0 / n, ("tests",), "text") for n in range(1, 8))


async def test_the_best_entries_are_shown_with_their_score_title_and_path():
    index = FakeMemoryIndex(RecallAnswer(HITS, "bm25+vectors", 40))
    deps = await make_deps(memory_index=index)

    view = await run_memory_search("flaky tests", None, deps)

    assert view.table.rows[0] == ("1", "1.00", "Entry 1", ".orkeon/memory/e1.md") and len(view.table.rows) == 5
    assert view.message == "5 of 40 entries for 'flaky tests', best first (full text (bm25) and vectors, fused)"
    assert index.searches == [("flaky tests", 5, True)]


async def test_the_limit_and_the_vectors_setting_are_passed_on():
    index = FakeMemoryIndex(RecallAnswer(HITS, "bm25", 40))
    deps = await make_deps(memory_index=index, files=FakeConfigFiles(project='{"memory.vectors": "off"}'))

    await run_memory_search("flaky", "2", deps)

    assert index.searches == [("flaky", 2, False)]


async def test_no_match_says_how_many_entries_were_searched_and_names_skipped_files():
    index = FakeMemoryIndex(RecallAnswer((), "bm25", 12, problems=(".orkeon/memory/x.md: no title",)))
    deps = await make_deps(memory_index=index)

    view = await run_memory_search("nothing like it", None, deps)

    assert view.message == "no entry matches 'nothing like it' (12 entries in .orkeon/memory)"
    assert view.lines == ("skipped .orkeon/memory/x.md: no title",)


async def test_an_empty_memory_says_how_to_fill_it():
    deps = await make_deps(memory_index=FakeMemoryIndex())

    view = await run_memory_search("anything", None, deps)

    assert view.message.endswith("(.orkeon/memory holds no entry yet; /memory admit adds some)")


@pytest.mark.parametrize("limit", ["0", "11", "many"])
async def test_a_limit_outside_one_to_ten_is_refused(limit):
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match=f"--limit '{limit}' is not accepted; expected a whole number"):
        await run_memory_search("x", limit, deps)


async def test_an_index_that_fails_is_a_command_failure_with_its_message():
    index = FakeMemoryIndex()
    index.error = MemoryIndexError("this Python's SQLite has no FTS5")
    deps = await make_deps(memory_index=index)

    with pytest.raises(CommandFailedError, match="no FTS5"):
        await run_memory_search("x", None, deps)
