"""Two more shapes of a tool call written as text, read for `text_tool_calls`: the XML attribute form and the
markdown-labelled form.

Both were written by Qwen2.5-Coder-1.5B on llama.cpp as its whole reply, and were shown to the person as
text before this module read them:

- `<function name="definition_rewrite" arguments='{"path": "calc.py", "name": "total"}'/>` (inside `<tools>`),
  also with the arguments as the element's body (a JSON object, or `<parameter name="k">v</parameter>`
  children) and closed by `</function>`.
- A heading or bold line naming the tool and a ```json fence holding its arguments alone:
  `### Function Call` / `#### Function Name` / `**definition_rewrite**` / `#### Arguments` / ```json {...}```.

Two readings serve the other forms too: `nested_call`, the call of an offered tool a JSON reply names below its
top level (`{"name": "function", "arguments": {"name": "codebase_search", "query": "get"}}`, an OpenAI
`tool_calls` list, a `function_call` or an `action` object), and `without_ellipses`, a call's JSON with the
`...` a model writes for "and so on" taken out, so it reads.

The labelled form is read only when nothing but labels surrounds the fence (`LABELS`: "Function Call",
"Arguments:" and their kin, as headings, bold or plain, and one line that is an offered tool's name): a
reply with a sentence or another heading in it ("Example", "Do not run this") is prose, and the keys of the
object must all be arguments the tool takes, so a config snippet under a heading is no call.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from orkeon_engine.domain.json_nesting import ARGUMENTS_NESTING, nests_deeper_than
from orkeon_engine.domain.model_replies.model_json import completed, first_balanced

Find = Callable[[str], tuple[str, bool] | None]
"""A name as written to the offered tool it names and whether it is offered; None when it names none."""

_OPEN = re.compile(r"<function\s+name\s*=\s*([\"'])([^\"'<>\n]{1,100})\1")
_ARGUMENTS = re.compile(r"\s*(?:arguments|parameters|args|input)\s*=\s*([\"'])")
_CLOSE_EMPTY = re.compile(r"\s*/>")
_CLOSE_OPEN = re.compile(r"\s*>")
_END = "</function>"
_PARAMETER = re.compile(r"\s*<parameter\s+name\s*=\s*([\"'])([^\"'<>\n]{1,100})\1\s*>(.*?)</parameter>", re.DOTALL)
_DECORATION = " \t#*_`>"
_LABEL_PREFIX = re.compile(r"^(?:function|tool|function name|tool name|name|call)\s*:\s*", re.IGNORECASE)
LABELS = frozenset({"function", "function call", "function name", "tool", "tool call", "tool name", "call", "name",
                    "arguments", "parameters", "args", "input"})
"""The only labels a labelled call may wear: a heading such as "Example" or "Do not run this" makes it text."""
_IDENTIFIER = re.compile(r"[A-Za-z_][\w.\-]*")


def attribute_calls(inner: str, find: Find,
                    offered: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, dict[str, Any]]] | None:
    """The `<function name="...">` elements that make up all of `inner`, each as (tool, arguments); None when
    `inner` is anything more, or an element does not read."""
    calls: list[tuple[str, dict[str, Any]]] = []
    position = 0
    while inner[position:].strip():
        opened = _OPEN.match(inner, position + len(inner[position:]) - len(inner[position:].lstrip()))
        found = find(opened.group(2)) if opened is not None else None
        if opened is None or found is None:
            return None
        read = _element(inner, opened.end(), _properties(offered.get(found[0])))
        if read is None:
            return None
        arguments, position = read
        calls.append((found[0], arguments))
    return calls or None


def labelled_call(prose: str, body: str, find: Find,
                  offered: Mapping[str, Mapping[str, Any]]) -> tuple[str, dict[str, Any]] | None:
    """The call a reply of labels (`prose`, the text around the fence) and one JSON fence (`body`) makes, as
    (tool, arguments); None when the labels name no offered tool, or more than one, or hold a sentence, or the
    object's keys are not all the tool's arguments."""
    named: list[str] = []
    for line in prose.splitlines():
        bare = line.strip(_DECORATION)
        if not bare:
            continue
        found = find(_named_part(bare))
        if found is not None and found[1]:
            named.append(found[0])
        elif not _is_label(bare):
            return None
    if len(named) != 1:
        return None
    arguments = _json_object(body.strip())
    properties = _properties(offered.get(named[0]))
    if arguments is None or not arguments or not set(arguments) <= set(properties):
        return None
    return named[0], arguments


def labelled_lead(text: str) -> bool:
    """Whether a reply streaming in, `text` so far, may still be the lead of a labelled call: every line before
    its first fence a label or a single name (the last line, still being written, the beginning of one). A
    stream holds such text back until it is known (domain/model_replies/held_call_text.py)."""
    head, fenced, _ = text.partition("```")
    lines = head.split("\n")
    if not fenced and not _leads(lines[-1], partial=True):
        return False
    return all(_leads(line) for line in (lines if fenced else lines[:-1]))


def _leads(line: str, partial: bool = False) -> bool:
    """Whether a line is a label or a single name; for the line still being written, whether it may become
    one (a word followed by a space may only when it begins a label: "Function ")."""
    bare = line.strip(_DECORATION)
    label_start = partial and any(label.startswith(bare.lower()) for label in LABELS)
    if partial and line != line.rstrip():
        return label_start
    return not bare or _is_label(bare) or bool(_IDENTIFIER.fullmatch(_named_part(bare))) or label_start


def _is_label(bare: str) -> bool:
    return bare.rstrip(":").strip(_DECORATION).lower() in LABELS


def _named_part(bare: str) -> str:
    """A line's text after a label prefix such as "Function name:", its decoration trimmed."""
    return _LABEL_PREFIX.sub("", bare).strip(_DECORATION)


NESTED_NAME_KEYS = ("name", "tool", "tool_name", "function", "function_name", "action", "call", "tool_call")
"""The keys whose string value names the tool in a call object found below the top level."""
NESTED_ARGUMENT_KEYS = ("arguments", "parameters", "args", "input", "action_input", "params", "kwargs")
_NOT_ARGUMENTS = frozenset({*NESTED_NAME_KEYS, "id", "type", "call_id", "index"})
MAX_NESTED = 8
"""How deep below the top a call object is looked for."""
_ELLIPSIS_AFTER = re.compile(r",\s*(?:\.\.\.|\u2026)\s*(?=[}\]])")
_ELLIPSIS_ALONE = re.compile(r"([\[{])\s*(?:\.\.\.|\u2026)\s*(?=[}\]])")


def nested_call(value: Any, find: Find) -> tuple[str, dict[str, Any]] | None:
    """The first call of an offered tool in `value` (breadth first, at most MAX_NESTED deep): an object with a
    name key whose value is an offered tool, and its arguments (its arguments key's object, or its other keys);
    None when there is none."""
    level = [value]
    for _ in range(MAX_NESTED + 1):
        below: list[Any] = []
        for item in level:
            found = _named_call(item, find) if isinstance(item, dict) else None
            if found is not None:
                return found
            below.extend(item.values() if isinstance(item, dict) else item if isinstance(item, list) else ())
        level = below
        if not level:
            break
    return None


def _named_call(item: dict[str, Any], find: Find) -> tuple[str, dict[str, Any]] | None:
    for key in NESTED_NAME_KEYS:
        raw = item.get(key)
        found = find(raw) if isinstance(raw, str) else None
        if found is None or not found[1]:
            continue
        argument_key = next((each for each in NESTED_ARGUMENT_KEYS if each in item), None)
        arguments = item[argument_key] if argument_key is not None else {
            name: value for name, value in item.items() if name not in _NOT_ARGUMENTS}
        if isinstance(arguments, str):
            arguments = json_value(arguments) if arguments.strip() else {}
        return (found[0], arguments) if _arguments(arguments) else None
    return None


def without_ellipses(text: str) -> str:
    """`text` with the `...` written in place of more items (`{"a": 1, ...}`, `[...]`) taken out."""
    return _ELLIPSIS_ALONE.sub(r"\1", _ELLIPSIS_AFTER.sub("", text))


def typed_value(raw: str, schema: Any) -> Any:
    """A value written as element text: kept as text for a string (or untyped) property, else read as JSON
    when it is."""
    kind = schema.get("type") if isinstance(schema, dict) else None
    if kind in (None, "string") and not (isinstance(schema, dict) and "anyOf" in schema):
        return raw
    value = json_value(raw.strip())
    return raw if value is None and raw.strip() != "null" else value


def _element(text: str, at: int, properties: Mapping[str, Any]) -> tuple[dict[str, Any], int] | None:
    """The arguments of one element whose name ends at `at` (an `arguments='{...}'` attribute, a body, or
    both), and where the element ends."""
    arguments: dict[str, Any] = {}
    attribute = _ARGUMENTS.match(text, at)
    if attribute is not None:
        read = _attribute(text, attribute.end(), attribute.group(1))
        if read is None:
            return None
        arguments, at = read
    empty = _CLOSE_EMPTY.match(text, at)
    if empty is not None:
        return arguments, empty.end()
    opened = _CLOSE_OPEN.match(text, at)
    if opened is None:
        return None
    close = text.find(_END, opened.end())
    end = close + len(_END) if close >= 0 else len(text)
    body = _body(text[opened.end():close if close >= 0 else len(text)], properties)
    if body is None:
        return None
    return {**arguments, **body}, end


def _attribute(text: str, at: int, quote: str) -> tuple[dict[str, Any], int] | None:
    """The JSON object of an attribute value opened at `at` by `quote`, and the index after its closing quote."""
    if quote == "'" and text[at:at + 1] == "{":
        value = first_balanced(text[at:])
        if value is None or text[at + len(value):at + len(value) + 1] != "'":
            return None
        return _object_or_none(json_value(value), at + len(value) + 1)
    close = text.find(quote, at)
    if close < 0:
        return None
    return _object_or_none(json_value(html.unescape(text[at:close])), close + 1)


def _body(body: str, properties: Mapping[str, Any]) -> dict[str, Any] | None:
    """An element's body as arguments: empty, a JSON object, or `<parameter name="k">v</parameter>` children."""
    if not body.strip():
        return {}
    if body.strip()[:1] == "{":
        return _json_object(body.strip())
    arguments: dict[str, Any] = {}
    position = 0
    while body[position:].strip():
        parameter = _PARAMETER.match(body, position)
        if parameter is None:
            return None
        key = parameter.group(2)
        arguments[key] = typed_value(parameter.group(3).strip("\n"), properties.get(key, {}))
        position = parameter.end()
    return arguments


def _json_object(text: str) -> dict[str, Any] | None:
    value = json_value(text)
    if value is None and text[:1] == "{":
        value = json_value(completed(text) or "")
    return value if _arguments(value) else None


def _object_or_none(value: Any, end: int) -> tuple[dict[str, Any], int] | None:
    return (value, end) if _arguments(value) else None


def _arguments(value: Any) -> bool:
    """Whether `value` can be a call's arguments: an object, not nested past the loop's limit."""
    return isinstance(value, dict) and not nests_deeper_than(value, ARGUMENTS_NESTING)


def _properties(schema: Mapping[str, Any] | None) -> Mapping[str, Any]:
    properties = schema.get("properties") if isinstance(schema, Mapping) else None
    return properties if isinstance(properties, Mapping) else {}


def json_value(text: str) -> Any:
    """The JSON value of `text`, or None when it is none (bad JSON, too deep); raw control characters in its
    strings are taken as they are (small models write line breaks raw inside a call's strings)."""
    if not text:
        return None
    try:
        return json.loads(text, strict=False)
    except (ValueError, RecursionError):
        return None
