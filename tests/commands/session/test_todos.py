from orkeon_engine.commands.session.todos import ARGS, run_todos
from orkeon_engine.domain.session.todos import TodoItem
from orkeon_engine.domain.ui.args import parse_args
from orkeon_engine.services.todos import TodoBoard
from tests.support.deps import make_deps


async def test_todos_shows_each_step_with_its_mark_and_the_summary():
    deps = await make_deps()
    await TodoBoard(deps.session).write((TodoItem("Read the parser", "completed"), TodoItem("Split it", "in_progress"),
                                         TodoItem("Run the tests")))

    view = await run_todos(parse_args("todos", ARGS, []), deps)

    assert view.lines == ("[x] Read the parser", "[>] Split it", "[ ] Run the tests")
    assert view.message == "Todo list: 1 of 3 done; now: Split it."
    assert view.data["todos"][1] == {"content": "Split it", "status": "in_progress"}


async def test_todos_without_a_list_says_the_assistant_writes_one():
    deps = await make_deps()

    view = await run_todos(parse_args("todos", ARGS, []), deps)

    assert view.message.startswith("No todo list in this session") and view.lines == ()
