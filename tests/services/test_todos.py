from orkeon_engine.domain.session.todos import TodoItem
from orkeon_engine.services.todos import TodoBoard, read_session_todos
from tests.support.deps import make_deps
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.doubles.fake_turn_events import FakeTurnEvents

ITEMS = (TodoItem("Read the parser", "completed"), TodoItem("Split it", "in_progress"))


async def test_a_written_list_is_kept_in_the_session_and_reported():
    deps = await make_deps()
    progress, events = FakeProgress(), FakeTurnEvents()

    await TodoBoard(deps.session, progress, events).write(ITEMS)

    assert await read_session_todos(deps.session) == ITEMS
    assert progress.events[-1] == ("report", "todos: 1 of 2 done; now: Split it")
    assert events.events == [("todos", ITEMS)]
