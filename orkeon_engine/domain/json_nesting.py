"""How deep a JSON value nests, read without recursion: text others wrote (a repository's settings file, a
model's tool arguments) can nest deep enough to break any recursive reader, Python's own included.

A reader catches RecursionError from `json.loads` and then refuses a value nesting deeper than its limit
with `nests_deeper_than`, so the person reads one sentence naming the file, never a traceback.
"""

from __future__ import annotations

from typing import Any

SETTINGS_NESTING = 32
"""No settings key takes a value nesting deeper (the permission rules nest three levels)."""
ARGUMENTS_NESTING = 64
"""No tool's input nests deeper."""


def nests_deeper_than(value: Any, limit: int) -> bool:
    """True when a list or object inside `value` lies more than `limit` levels down."""
    pending: list[tuple[Any, int]] = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth >= limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
    return False
