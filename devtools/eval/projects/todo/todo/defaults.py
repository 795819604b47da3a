"""Where the to-do list is kept and how it is shown."""

import os

LIST_FILE = "todo.json"
PAGE_SIZE = 5
DONE_MARK = "x"
INDENT = 2
MAX_TEXT = 80


def list_path():
    """The file the list is kept in."""
    return os.environ.get("TODO_FILE", LIST_FILE)
