import pytest
from pydantic import ValidationError

from orkeon_engine.services.todos import TodoBoard, read_session_todos
from orkeon_engine.tools.todo_write import TodoWriteTool
from tests.support.deps import make_deps
from tests.support.doubles.fake_turn_events import FakeTurnEvents

LIST = {"todos": [{"content": "Read  the parser", "status": "completed"},
                  {"content": "Split it", "status": "in_progress"}]}


async def _tool():
    deps = await make_deps()
    events = FakeTurnEvents()
    return TodoWriteTool(TodoBoard(deps.session, deps.progress, events)), deps, events


async def test_the_whole_list_replaces_the_sessions_and_the_model_reads_the_summary():
    tool, deps, events = await _tool()

    result = await tool.run(tool.parse(LIST))

    assert result.text == "todo list kept: 1 of 2 done; now: Split it" and not result.is_error
    assert [item.content for item in await read_session_todos(deps.session)] == ["Read the parser", "Split it"]
    assert events.kinds() == ["todos"]


async def test_a_list_with_a_step_twice_is_refused_and_the_old_one_stays():
    tool, deps, _ = await _tool()
    await tool.run(tool.parse(LIST))

    result = await tool.run(tool.parse({"todos": [{"content": "a", "status": "pending"},
                                                  {"content": "A", "status": "pending"}]}))

    assert result.is_error and "listed twice" in result.text
    assert len(await read_session_todos(deps.session)) == 2


async def test_a_status_outside_the_three_does_not_fit_the_input():
    tool, _, _ = await _tool()

    with pytest.raises(ValidationError):
        tool.parse({"todos": [{"content": "a", "status": "done"}]})


async def test_the_tool_is_of_class_read_so_every_mode_offers_it():
    tool, _, _ = await _tool()

    assert tool.tool_class == "read" and tool.spec()["function"]["name"] == "todo_write"
