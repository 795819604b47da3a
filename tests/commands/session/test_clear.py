from orkeon_engine.commands.session.clear import run_clear
from orkeon_engine.domain.args import ParsedArgs
from orkeon_engine.domain.session import BufferEntry
from tests.support.deps import make_deps


async def test_clear_empties_the_buffer_and_the_state_bag():
    deps = await make_deps()
    await deps.session.append(BufferEntry("user", "hi"), BufferEntry("assistant", "hello"))
    await deps.session.set_state("permissions.mode", "plan")

    view = await run_clear(ParsedArgs(), deps)

    assert await deps.session.entries() == [] and await deps.session.read_state() == {}
    assert view.message.startswith("cleared 2 entries of the conversation and 1 value of the session's state")
    assert view.lines == ("the session's state held: permissions.mode",)


async def test_clear_keeps_typed_memory():
    deps = await make_deps()
    await deps.memory.add("project", "a fact")

    await run_clear(ParsedArgs(), deps)

    assert [note.text for note in await deps.memory.list()] == ["a fact"]
