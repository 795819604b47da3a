"""The assistant's todo list: the steps of the work in hand, each pending, in progress or completed.

The model keeps it with the todo_write tool, which hands over the whole list each time (tools/todo_write.py);
it is kept in the session's state bag under TODOS_KEY (so /clear empties it), shown by /todos, reported to
the editor as progress and to an ACP client as the plan. A value in the bag that does not fit (an older
shape, a hand edit) reads as the items that do fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

TodoStatus = Literal["pending", "in_progress", "completed"]
TODO_STATUSES: tuple[TodoStatus, ...] = ("pending", "in_progress", "completed")
TODOS_KEY = "todos"
MAX_TODOS = 50
MAX_TODO_CHARS = 300
MARKS: dict[TodoStatus, str] = {"completed": "[x]", "in_progress": "[>]", "pending": "[ ]"}


@dataclass(frozen=True)
class TodoItem:
    """One step: what it is, in a few words, and how far it is."""

    content: str
    status: TodoStatus = "pending"

    def line(self) -> str:
        """`[x] Read the parser`, `[>] Split it`, `[ ] Run the tests`."""
        return f"{MARKS[self.status]} {self.content}"

    def as_json(self) -> dict[str, str]:
        return {"content": self.content, "status": self.status}


def read_todos(value: Any) -> tuple[TodoItem, ...]:
    """The list kept in the state bag (None when the model never wrote one)."""
    if not isinstance(value, list):
        return ()
    items = []
    for entry in value:
        if isinstance(entry, dict) and isinstance(entry.get("content"), str) and entry.get("status") in TODO_STATUSES:
            items.append(TodoItem(entry["content"], entry["status"]))
    return tuple(items)


def todo_counts(items: Sequence[TodoItem]) -> tuple[int, int]:
    """(completed, total)."""
    return sum(1 for item in items if item.status == "completed"), len(items)


def todo_summary(items: Sequence[TodoItem]) -> str:
    """`2 of 5 done; now: Split it`, `all 3 done`, `no todo list`."""
    if not items:
        return "no todo list"
    done, total = todo_counts(items)
    if done == total:
        return f"all {total} done"
    current = [item.content for item in items if item.status == "in_progress"]
    now = f"; now: {'; '.join(current)}" if current else ""
    return f"{done} of {total} done{now}"


def todo_percentage(items: Sequence[TodoItem]) -> int | None:
    done, total = todo_counts(items)
    return round(100 * done / total) if total else None


def todo_problem(items: Sequence[TodoItem]) -> str | None:
    """Why a list the model wrote is refused (an empty step, two steps alike), or None."""
    seen: set[str] = set()
    for item in items:
        if not item.content.strip():
            return "an item has no content; say each step in a few words"
        key = " ".join(item.content.lower().split())
        if key in seen:
            return f"the item {item.content!r} is listed twice; give each step once, with its status"
        seen.add(key)
    return None
