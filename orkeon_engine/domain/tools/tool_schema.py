"""A tool's input schema as the model reads it: pydantic's JSON schema less what tells a model nothing.

Every model call sends each offered tool's schema, and a small local model reads it as prompt tokens
(issue 48: the core set's first call within 1,600). `compact_schema` leaves out:

- the `title` pydantic writes beside every field, which only spells its name again (`"path"` titled
  `"Path"`); a property that is itself named `title` stays;
- a default that is its type's empty value (`""`, `false`, `null`): an optional field says as much;
- the upper bounds (`maximum`, `maxLength`, `maxItems`) of the limits a call is kept under, which no
  model reaches on purpose: the input model still refuses a call past one, with a message naming it;
- an optional field written `anyOf` with `null` becomes its one type.

Types, enums, lower bounds, `required`, `additionalProperties` and the other defaults stay, so a model
knows every call the input model accepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_NULL = {"type": "null"}
_SCHEMA_MAPS = frozenset({"properties", "$defs", "definitions", "patternProperties"})
_UPPER_BOUNDS = frozenset({"maximum", "maxLength", "maxItems"})


def compact_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """`schema` as the model reads it (the module docstring)."""
    return _schema(schema)


def _schema(node: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in node.items():
        if (key == "title" and isinstance(value, str)) or key in _UPPER_BOUNDS:
            continue
        if key in _SCHEMA_MAPS and isinstance(value, Mapping):
            out[key] = {name: _any(sub) for name, sub in value.items()}
        else:
            out[key] = _any(value)
    out = _without_null(out)
    if "default" in out and _is_empty(out["default"]):
        del out["default"]
    return out


def _is_empty(value: Any) -> bool:
    return value is None or value is False or value == ""


def _any(value: Any) -> Any:
    if isinstance(value, Mapping):
        return _schema(value)
    if isinstance(value, list):
        return [_any(item) for item in value]
    return value


def _without_null(node: dict[str, Any]) -> dict[str, Any]:
    """`{"anyOf": [X, {"type": "null"}], "default": null, ...}` as X with the other keywords."""
    choices = node.get("anyOf")
    if not isinstance(choices, list) or _NULL not in choices or node.get("default", ...) is not None:
        return node
    rest = [choice for choice in choices if choice != _NULL]
    if len(rest) != 1 or not isinstance(rest[0], dict):
        return node
    return {**rest[0], **{key: value for key, value in node.items() if key not in ("anyOf", "default")}}
