from orkeon_engine.commands.session.clear import run_clear
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import ParsedArgs
from tests.support.deps import make_deps
from tests.support.doubles.fake_session_store import FakeSessionStore


async def test_clear_starts_a_new_current_session_and_keeps_the_old_one_saved():
    store = FakeSessionStore()
    deps = await make_deps(store=store)
    old = deps.session.id
    await deps.session.append(BufferEntry("user", "hi"), BufferEntry("assistant", "hello"))
    await deps.session.set_state("permissions.mode", "plan")

    view = await run_clear(ParsedArgs(), deps)

    assert deps.session.id != old and store.current == deps.session.id
    assert await deps.session.entries() == [] and await deps.session.read_state() == {}
    assert len(store.entries[old]) == 2
    assert view.message.startswith(f"started session {deps.session.id}; session {old} (2 entries) stays saved: "
                                   f"/resume {old}")
    assert view.lines == ("the session's state held: permissions.mode (back to the defaults now)",)


async def test_clear_of_a_session_that_never_held_a_turn_empties_it_in_place():
    store = FakeSessionStore()
    deps = await make_deps(store=store)
    old = deps.session.id
    await deps.session.set_state("permissions.mode", "plan")

    view = await run_clear(ParsedArgs(), deps)

    assert deps.session.id == old and list(store.sessions) == [old]
    assert await deps.session.read_state() == {}
    assert view.message.startswith(f"session {old} held no turn yet: emptied its state")


async def test_clear_keeps_typed_memory():
    deps = await make_deps()
    await deps.memory.add("project", "a fact")

    await run_clear(ParsedArgs(), deps)

    assert [note.text for note in await deps.memory.list()] == ["a fact"]
