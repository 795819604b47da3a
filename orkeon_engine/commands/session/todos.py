"""/todos: the todo list the assistant keeps for the work in hand (todo_write), each step with its status."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.session.todos import todo_summary
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.services.todos import read_session_todos

ARGS = ArgSpec()


async def run_todos(args: ParsedArgs, deps: Deps) -> CommandView:
    items = await read_session_todos(deps.session)
    if not items:
        return CommandView(message="No todo list in this session: the assistant writes one (todo_write) when "
                                   "work takes several steps.")
    return CommandView(
        lines=tuple(item.line() for item in items),
        message=f"Todo list: {todo_summary(items)}.",
        data={"todos": [item.as_json() for item in items]},
    )
