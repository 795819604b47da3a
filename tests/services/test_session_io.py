import pytest

from orkeon_engine.domain.session import BufferEntry
from orkeon_engine.ports.session_store import SessionNotFoundError
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_session_store import FakeSessionStore


async def test_open_without_an_id_starts_a_new_session():
    store = FakeSessionStore()

    session = await CurrentSession.open(store)

    assert session.id in store.sessions


async def test_open_with_an_unknown_id_fails():
    with pytest.raises(SessionNotFoundError):
        await CurrentSession.open(FakeSessionStore(), "nope")


async def test_clear_empties_the_buffer_and_the_state_bag():
    session = await CurrentSession.open(FakeSessionStore())
    await session.append(BufferEntry("user", "hi"))
    await session.set_state("k", 1)

    await session.clear()

    assert await session.entries() == [] and await session.read_state() == {}


async def test_switch_moves_to_another_session_in_place():
    store = FakeSessionStore()
    other = await store.create_session("older")
    session = await CurrentSession.open(store)

    await session.switch(other.id)

    assert session.id == other.id and session.info.title == "older"
