"""todo_write: the model's todo list for the work in hand, handed over whole each time it changes."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.session.todos import MAX_TODO_CHARS, MAX_TODOS, TodoItem, todo_problem, todo_summary
from orkeon_engine.domain.tool_call import ToolClass, ToolResult
from orkeon_engine.services.todos import TodoBoard
from orkeon_engine.tools.base import Tool


class TodoInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    content: str = Field(min_length=1, max_length=MAX_TODO_CHARS, description="The step, in a few words.")
    status: Literal["pending", "in_progress", "completed"] = Field(
        description="pending, in_progress (the step being done now) or completed.")


class TodoWriteInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    todos: list[TodoInput] = Field(
        max_length=MAX_TODOS,
        description="The whole list, every step in order with its status; it replaces the previous list "
                    "([] clears it).")


class TodoWriteTool(Tool[TodoWriteInput]):
    name: ClassVar[str] = "todo_write"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Keep a todo list for work of three steps or more, which the person watches. Send the whole list each "
        "time: write it before starting, mark one step in_progress while you do it, completed as soon as it "
        "is done. It changes nothing else."
    )
    Input = TodoWriteInput

    def __init__(self, board: TodoBoard) -> None:
        self._board = board

    async def run(self, args: TodoWriteInput) -> ToolResult:
        items = tuple(TodoItem(" ".join(todo.content.split()), todo.status) for todo in args.todos)
        problem = todo_problem(items)
        if problem is not None:
            return ToolResult(f"todo_write: {problem}; the list was not changed", is_error=True)
        await self._board.write(items)
        return ToolResult(f"todo list kept: {todo_summary(items)}",
                          data={"todos": [item.as_json() for item in items]})
