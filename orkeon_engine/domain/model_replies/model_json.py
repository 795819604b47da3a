"""Finding the JSON in a model's answer and saying, in words the model can act on, why it does not fit.

Models wrap JSON in a code fence or a sentence more often than not; `json_candidate` takes the fenced
block when there is one, else the first balanced object or array, else the text as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

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
    end, _, _ = _scan(text, start)
    return text[start:end] if end is not None else None


def completed(text: str) -> str | None:
    """`text`, a JSON object or array the model stopped writing before its last closing brackets, with them
    added; None when it is not one (it is balanced already, or it stops inside a string, where nothing says
    how the value would have gone on). The caller checks that the result reads as JSON."""
    stripped = text.rstrip()
    if stripped[:1] not in _CLOSERS:
        return None
    end, stack, in_string = _scan(stripped, 0)
    if end is not None or in_string or not stack:
        return None
    return stripped + "".join(reversed(stack))


def _scan(text: str, start: int) -> tuple[int | None, list[str], bool]:
    """Brackets matched from `start` outside strings: the index after the value's last bracket (None when it
    does not close), the closers still owed, and whether the text ends inside a string. A closer that
    matches nothing open is passed over, as a model's stray bracket."""
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
                return index + 1, [], False
    return None, stack, in_string


def describe_validation_error(error: ValidationError, limit: int = 12) -> str:
    """One line a problem, naming the field, the rule and the value given: `- subject: at most 47 characters,
    was 81: 'fix: ...'` (or the JSON error), at most `limit` lines. A validator's message that names its own
    field (`rules.0.applies_to: ...`) is shown as it is, one line each."""
    lines: list[str] = []
    for problem in error.errors():
        lines.extend(_problem_lines(problem))
    shown = lines[:limit]
    if len(lines) > limit:
        shown.append(f"- and {len(lines) - limit} more")
    return "\n".join(shown)


def _problem_lines(problem: Mapping[str, Any]) -> list[str]:
    where = ".".join(str(part) for part in problem.get("loc", ()))
    kind = str(problem.get("type", ""))
    message = str(problem.get("msg", "invalid"))
    if kind in ("value_error", "assertion_error"):
        said = message.split(", ", 1)[1] if message.startswith(("Value error, ", "Assertion failed, ")) else message
        return [f"- {where}: {line}" if where else f"- {line}" for line in said.splitlines() if line.strip()]
    rule = _rule(kind, problem.get("ctx") or {}, problem.get("input"), message)
    return [f"- {where or '(the whole value)'}: {rule}"]


def _rule(kind: str, ctx: Mapping[str, Any], value: Any, message: str) -> str:
    if kind == "string_too_long" and isinstance(value, str):
        return f"at most {ctx.get('max_length')} characters, was {len(value)}: {shown_value(value)}"
    if kind == "string_too_short" and isinstance(value, str):
        return f"at least {ctx.get('min_length')} characters, was {len(value)}: {shown_value(value)}"
    if kind == "string_pattern_mismatch":
        return f"must match the pattern {ctx.get('pattern')}, was {shown_value(value)}"
    if kind == "too_short":
        return f"at least {ctx.get('min_length')} items, was {ctx.get('actual_length')}"
    if kind == "too_long":
        return f"at most {ctx.get('max_length')} items, was {ctx.get('actual_length')}"
    if kind == "literal_error" or kind == "enum":
        return f"one of {ctx.get('expected')}, was {shown_value(value)}"
    if kind in ("missing", "json_invalid", "json_type") or isinstance(value, dict | list) or value is None:
        return message
    return f"{message}, was {shown_value(value)}"


def shown_value(value: Any, limit: int = 80) -> str:
    """A value as a problem line quotes it: its repr, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."
