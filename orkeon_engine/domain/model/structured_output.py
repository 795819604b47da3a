"""Structured output: how one call asks the model for JSON of a given shape, and which way to ask it.

Three ways (the `model.structuredOutput` setting picks one, or `auto`):

- `json_schema`: the provider's `response_format` with the schema, `strict` when the schema allows it;
  a server that enforces schemas (OpenAI, Gemini, vLLM's guided decoding, llama.cpp's grammars) then
  cannot answer anything else;
- `tool`: one function whose parameters are the schema, the call forced with `tool_choice`;
- `prompt`: the schema in the instructions only, with a repair round when the answer does not fit.

`strict_schema` turns a pydantic JSON schema into what strict structured outputs accept (every object
closed with `additionalProperties: false` and all its properties required, no defaults, no `$ref` beside
other keywords, `oneOf` as `anyOf`); a free-form object (a dict of any keys) cannot be strict, and the
schema is then sent with `strict: false`. `ways_to_try` decides the order of the ways for one call.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

StructuredWay = Literal["json_schema", "tool", "prompt"]
AUTO = "auto"
ENFORCED_WAYS: tuple[StructuredWay, ...] = ("json_schema", "tool")
"""The ways where the server shapes the answer; the prompt way alone gets a repair round."""

_EXPLICIT: dict[str, StructuredWay] = {"json_schema": "json_schema", "tool": "tool", "prompt": "prompt"}
_NAME_CHARS = re.compile(r"[^A-Za-z0-9_-]")
_NESTED_SCHEMAS = ("items", "additionalItems", "not", "if", "then", "else", "contains")
_SCHEMA_LISTS = ("anyOf", "allOf", "prefixItems")
_SCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")


@dataclass(frozen=True)
class StructuredOutput:
    """The JSON a call asks for: a name (the schema's, and the forced tool's), the schema, whether it is
    strict-compatible, and a one-line description."""

    name: str
    schema: dict[str, Any] = field(compare=False, hash=False)
    strict: bool = True
    description: str = ""


def structured_output(name: str, schema: Mapping[str, Any], description: str = "") -> StructuredOutput:
    """The request for JSON of this schema (a pydantic model's `model_json_schema()`), made strict when it can be."""
    converted, strict = strict_schema(schema)
    return StructuredOutput(_safe_name(name), converted, strict, " ".join(description.split())[:300])


def strict_schema(schema: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """The schema as strict structured outputs take it, and whether it could be made strict."""
    root = copy.deepcopy(dict(schema))
    definitions = {**root.get("definitions", {}), **root.get("$defs", {})}
    state = {"strict": True}
    converted = _convert(root, definitions, state, depth=0)
    return converted, state["strict"]


def _convert(node: Any, definitions: Mapping[str, Any], state: dict[str, bool], depth: int) -> Any:
    if not isinstance(node, dict):
        return node
    if depth > 64:  # a schema that deep is not one pydantic wrote: leave it as it is, not strict
        state["strict"] = False
        return node
    node = _inline_ref_with_siblings(node, definitions)
    node.pop("default", None)
    if "oneOf" in node:
        node["anyOf"] = node.pop("oneOf")
    for key in _NESTED_SCHEMAS:
        if key in node:
            node[key] = _convert(node[key], definitions, state, depth + 1)
    for key in _SCHEMA_LISTS:
        if isinstance(node.get(key), list):
            node[key] = [_convert(item, definitions, state, depth + 1) for item in node[key]]
    for key in _SCHEMA_MAPS:
        if isinstance(node.get(key), dict):
            node[key] = {name: _convert(value, definitions, state, depth + 1) for name, value in node[key].items()}
    if _is_object(node):
        _close_object(node, state)
    return node


def _inline_ref_with_siblings(node: dict[str, Any], definitions: Mapping[str, Any]) -> dict[str, Any]:
    """`{"$ref": ..., "description": ...}` becomes the referenced schema with the description (strict
    outputs refuse a `$ref` beside other keywords)."""
    ref = node.get("$ref")
    if not isinstance(ref, str) or len(node) == 1:
        return node
    name = ref.rsplit("/", 1)[-1]
    target = definitions.get(name)
    if not isinstance(target, dict):
        return node
    merged = copy.deepcopy(target)
    merged.update({key: value for key, value in node.items() if key != "$ref"})
    return merged


def _is_object(node: Mapping[str, Any]) -> bool:
    kind = node.get("type")
    return kind == "object" or (isinstance(kind, list) and "object" in kind) or "properties" in node


def _close_object(node: dict[str, Any], state: dict[str, bool]) -> None:
    properties = node.get("properties")
    extra = node.get("additionalProperties")
    if not isinstance(properties, dict) or not properties or extra not in (None, False):
        state["strict"] = False  # a free-form object (any keys): strict outputs cannot say it
        return
    node["additionalProperties"] = False
    node["required"] = list(properties)


def _safe_name(name: str) -> str:
    cleaned = _NAME_CHARS.sub("_", name.strip())[:64]
    return cleaned or "answer"


def ways_to_try(setting: str, *, openai_compatible: bool, knows_schema: bool, knows_tools: bool,
                refused: Iterable[str] = ()) -> tuple[StructuredWay, ...]:
    """The ways to ask, in order, for one call.

    An explicit setting is that way alone. `auto` tries `json_schema` first for an OpenAI-compatible api
    base (such servers mostly enforce it) or a model litellm knows to take a response schema, then a forced
    tool call where tools are taken, then the prompt; a way the server refused earlier (remembered in
    `refused`) is skipped."""
    if setting in _EXPLICIT:
        return (_EXPLICIT[setting],)
    skipped = set(refused)
    ways: list[StructuredWay] = []
    if (openai_compatible or knows_schema) and "json_schema" not in skipped:
        ways.append("json_schema")
    if (openai_compatible or knows_tools) and "tool" not in skipped:
        ways.append("tool")
    ways.append("prompt")
    return tuple(ways)
