import pytest

from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.ports.session_store import SessionNotFoundError
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_session_store import FakeSessionStore


async def test_open_in_a_workspace_without_a_current_session_starts_one_and_makes_it_current():
    store = FakeSessionStore()

    session = await CurrentSession.open(store)

    assert session.id in store.sessions and store.current == session.id


async def test_open_continues_the_workspaces_current_session():
    store = FakeSessionStore()
    first = await CurrentSession.open(store)
    await first.append(BufferEntry("user", "hi"))

    again = await CurrentSession.open(store)

    assert again.id == first.id and len(store.sessions) == 1


async def test_open_with_new_starts_another_session_and_keeps_the_one_that_held_a_turn():
    store = FakeSessionStore()
    first = await CurrentSession.open(store)
    await first.append(BufferEntry("user", "hi"))

    fresh = await CurrentSession.open(store, new=True)

    assert fresh.id != first.id and store.current == fresh.id and first.id in store.sessions


async def test_two_opens_with_new_get_two_sessions_even_before_a_turn():
    store = FakeSessionStore()
    first = await CurrentSession.open(store, new=True)

    second = await CurrentSession.open(store, new=True)

    assert first.id != second.id and store.current == second.id


async def test_open_starts_a_session_when_the_current_one_is_gone():
    store = FakeSessionStore()
    store.current = "removed"

    session = await CurrentSession.open(store)

    assert session.id != "removed" and store.current == session.id


async def test_open_with_an_id_makes_that_session_current():
    store = FakeSessionStore()
    older = await store.create_session("older")
    await CurrentSession.open(store)

    session = await CurrentSession.open(store, older.id)

    assert session.id == older.id and store.current == older.id


async def test_open_with_an_unknown_id_fails():
    with pytest.raises(SessionNotFoundError):
        await CurrentSession.open(FakeSessionStore(), "nope")


async def test_start_new_leaves_the_session_saved_and_makes_the_new_one_current():
    store = FakeSessionStore()
    session = await CurrentSession.open(store)
    old = session.id
    await session.append(BufferEntry("user", "hi"))
    await session.set_state("k", 1)

    await session.start_new()

    assert session.id != old and store.current == session.id
    assert await session.entries() == [] and await session.read_state() == {}
    assert store.entries[old] == [BufferEntry("user", "hi")]


async def test_switch_moves_to_another_session_in_place_and_makes_it_current():
    store = FakeSessionStore()
    other = await store.create_session("older")
    session = await CurrentSession.open(store)

    await session.switch(other.id)

    assert session.id == other.id and session.info.title == "older" and store.current == other.id


async def test_the_first_request_appended_titles_the_session_and_a_later_one_does_not():
    store = FakeSessionStore()
    session = await CurrentSession.open(store)

    await session.append(BufferEntry("assistant", "context first"), BufferEntry("user", "  split the parser\nplease"))
    await session.append(BufferEntry("user", "and the lexer"))

    assert session.info.title == "split the parser"
    assert (await store.get_session(session.id)).title == "split the parser"


async def test_a_summary_of_compacted_turns_gives_no_title():
    store = FakeSessionStore()
    session = await CurrentSession.open(store)

    await session.append(BufferEntry("user", "Summary of the earlier turns", kind="summary"))

    assert (await store.get_session(session.id)).title == ""
