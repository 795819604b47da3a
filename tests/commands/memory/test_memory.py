from datetime import UTC, datetime

import pytest

from orkeon_engine.commands.memory.memory import ARGS, run_memory
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.memory import MemoryNote
from orkeon_engine.domain.ui.args import ArgumentError, parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_memory_store import FakeMemoryStore

WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def _args(*tokens):
    return parse_args("memory", ARGS, list(tokens))


async def test_bare_memory_lists_every_note_in_a_table():
    memory = FakeMemoryStore([MemoryNote("m-1", "project", "the parser is generated", WHEN),
                              MemoryNote("u-2", "user", "reads French", WHEN)])
    deps = await make_deps(memory=memory)

    view = await run_memory(_args(), deps)

    assert [row[0] for row in view.table.rows] == ["m-1", "u-2"] and view.message == "2 notes"


async def test_a_category_lists_only_its_notes():
    memory = FakeMemoryStore([MemoryNote("m-1", "project", "p", WHEN), MemoryNote("u-2", "user", "u", WHEN)])
    deps = await make_deps(memory=memory)

    view = await run_memory(_args("list", "user"), deps)

    assert [row[0] for row in view.table.rows] == ["u-2"]


async def test_an_empty_memory_says_how_to_add_a_note():
    deps = await make_deps()

    view = await run_memory(_args(), deps)

    assert "no notes yet; /memory add <category> <text>" in view.message


async def test_add_keeps_the_note_in_its_category_with_the_reason():
    memory = FakeMemoryStore()
    deps = await make_deps(memory=memory)

    view = await run_memory(_args("add", "feedback", "run", "the narrow", "test", "--because", "it is fast"), deps)

    assert memory.notes[0].category == "feedback" and memory.notes[0].text == "run the narrow test"
    assert memory.notes[0].reason == "it is fast"
    assert view.message == "kept m-1: [feedback] run the narrow test (because it is fast)"


async def test_add_with_an_unknown_category_names_the_four():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="categories: user, project, feedback, reference"):
        await run_memory(_args("add", "team", "x"), deps)


async def test_add_without_text_is_a_usage_error():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="needs a category and the note's text"):
        await run_memory(_args("add", "user"), deps)


async def test_show_gives_the_whole_note():
    memory = FakeMemoryStore([MemoryNote("m-1", "feedback", "keep it short", WHEN, "they read on a phone")])
    deps = await make_deps(memory=memory)

    view = await run_memory(_args("show", "m-1"), deps)

    assert "text: keep it short" in view.lines and "because: they read on a phone" in view.lines


async def test_remove_deletes_the_note():
    memory = FakeMemoryStore([MemoryNote("m-1", "project", "p", WHEN)])
    deps = await make_deps(memory=memory)

    view = await run_memory(_args("remove", "m-1"), deps)

    assert view.message == "removed m-1: [project] p" and memory.notes == []


async def test_removing_an_unknown_id_says_so():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="no note has the id 'm-9'"):
        await run_memory(_args("remove", "m-9"), deps)


async def test_an_unknown_action_lists_the_actions():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="actions: list, add, show, remove"):
        await run_memory(_args("forget"), deps)


async def test_admit_is_dispatched_with_its_from_files():
    deps = await make_deps(vfs=FakeFiles({"a.md": "## A lesson\ntext\n"}), human=FakeHumanInput([None]))

    view = await run_memory(_args("admit", "--from", "a.md"), deps)

    assert view.message.startswith("nobody answered") and "A lesson" in deps.human.questions[0][0]


async def test_search_is_dispatched_with_its_query_words():
    deps = await make_deps()

    view = await run_memory(_args("search", "flaky", "tests", "--limit", "3"), deps)

    assert view.message.startswith("no entry matches 'flaky tests'")


@pytest.mark.parametrize(("tokens", "problem"), [
    (("search",), "/memory search needs a query"),
    (("admit", "PROPOSALS.md"), "/memory admit takes no words; name a candidates file with --from FILE"),
    (("list", "--from", "x.md"), "--from goes with /memory admit"),
    (("admit", "--limit", "2"), "--limit goes with /memory search"),
    (("search", "x", "--because", "y"), "--because goes with /memory add"),
])
async def test_a_flag_or_word_of_another_action_is_refused_with_the_usage(tokens, problem):
    deps = await make_deps()

    with pytest.raises(ArgumentError, match=problem):
        await run_memory(_args(*tokens), deps)
