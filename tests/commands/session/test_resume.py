import pytest

from orkeon_engine.commands.session.resume import ARGS, run_resume
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_session_store import FakeSessionStore


def _args(*tokens):
    return parse_args("resume", ARGS, list(tokens))


async def test_resume_lists_the_saved_sessions_with_their_title():
    store = FakeSessionStore()
    older = await store.create_session()
    await store.append_entries(older.id, [BufferEntry("user", "split the parser module\nplease")])
    deps = await make_deps(store=store)
    await deps.session.append(BufferEntry("user", "and the lexer"))

    view = await run_resume(_args(), deps)

    rows = {row[1]: row for row in view.table.rows}
    assert rows[older.id][4] == "split the parser module"
    assert rows[deps.session.id][0] == "*"


async def test_resume_leaves_out_the_sessions_that_never_held_a_turn():
    store = FakeSessionStore()
    for _ in range(3):
        await store.create_session()
    deps = await make_deps(store=store)

    view = await run_resume(_args(), deps)

    assert view.table is None
    assert view.message.startswith("No saved session holds a turn yet")
    assert deps.session.id in view.message


async def test_resume_with_an_id_loads_that_session_in_place():
    store = FakeSessionStore()
    older = await store.create_session("parser work")
    await store.append_entries(older.id, [BufferEntry("user", "hi"), BufferEntry("assistant", "hello")])
    deps = await make_deps(store=store)

    view = await run_resume(_args(older.id), deps)

    assert deps.session.id == older.id and store.current == older.id
    assert view.message.startswith(f"resumed {older.id} (parser work, 2 entries)")


async def test_resume_of_an_unknown_id_says_how_to_list_them():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="`/resume` lists the saved sessions"):
        await run_resume(_args("nope"), deps)


async def test_a_bad_limit_is_refused():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="--limit x"):
        await run_resume(_args("--limit", "x"), deps)


async def test_resume_with_an_id_names_an_untitled_session_by_its_first_request():
    store = FakeSessionStore()
    older = await store.create_session()
    entries = [BufferEntry("user", "split the parser\nplease"), BufferEntry("assistant", "ok")]
    await store.append_entries(older.id, entries)
    deps = await make_deps(store=store)

    view = await run_resume(_args(older.id), deps)

    assert view.message.startswith(f"resumed {older.id} (split the parser, 2 entries)")
