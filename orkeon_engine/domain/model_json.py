"""Finding the JSON in a model's answer and saying, in words the model can act on, why it does not fit.

Models wrap JSON in a code fence or a sentence more often than not; `json_candidate` takes the fenced
block when there is one, else the first balanced object or array, else the text as it is.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pydantic loads with the first tool call, not at start-up
    from pydantic import ValidationError

_FENCE = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n(.*?)```", re.DOTALL)
_CLOSERS = {"{": "}", "[": "]"}


def json_candidate(text: str) -> str:
    """The part of `text` most likely to be the JSON value the model meant."""
    fenced = _FENCE.search(text)
    if fenced:
        return fenced.group(1).strip()
    balanced = first_balanced(text)
    return balanced if balanced is not None else text.strip()


def first_balanced(text: str) -> str | None:
    """The first balanced JSON-looking object or array of `text` (brackets matched outside strings), or None."""
    start = next((i for i, ch in enumerate(text) if ch in _CLOSERS), None)
    if start is None:
        return None
    stack: list[str] = []
    in_string = False
    escaped = False
    for index in range(start, len(text)):
        ch = text[index]
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in _CLOSERS:
            stack.append(_CLOSERS[ch])
        elif stack and ch == stack[-1]:
            stack.pop()
            if not stack:
                return text[start:index + 1]
    return None


def describe_validation_error(error: ValidationError, limit: int = 12) -> str:
    """One line a problem: `field.path: message` (or the JSON error), at most `limit` lines."""
    lines = []
    for problem in error.errors()[:limit]:
        where = ".".join(str(part) for part in problem.get("loc", ())) or "(the whole value)"
        lines.append(f"- {where}: {problem.get('msg', 'invalid')}")
    extra = error.error_count() - limit
    if extra > 0:
        lines.append(f"- and {extra} more")
    return "\n".join(lines)
