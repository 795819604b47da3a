"""Reading and writing the to-do list as JSON."""

import json
from pathlib import Path

from todo import defaults


def load(path=None):
    """The items kept in `path` (the default list file when None); none when it does not exist."""
    file = Path(path or defaults.list_path())
    if not file.exists():
        return []
    return json.loads(file.read_text(encoding="utf-8"))


def save(items, path=None):
    """Write `items` to `path` (the default list file when None)."""
    file = Path(path or defaults.list_path())
    file.write_text(json.dumps(items, indent=defaults.INDENT) + "\n", encoding="utf-8")
