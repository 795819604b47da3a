"""The prompt tool protocol (`model.toolCalls: prompt`): tools offered in the system prompt, calls written as
text, results sent back as text, for a model or server without native function calling.

The tool loop (services/act.py) keeps its conversation as it always does (assistant messages carrying
calls, tool messages answering them); `prompt_conversation` writes it as a model without function calling
reads it, and no `tools` parameter is sent:

- the system message ends with `tools_section(specs)`: the one call format, then each tool on one line,
  its name, its arguments (`path: string, limit?: integer = 200`, `?` marking an optional one) and its
  description;
- an assistant message's calls follow its text, each in the format it was asked for:
  `<tool_call>\\n{"name": "file_read", "arguments": {"path": "calc.py"}}\\n</tool_call>`;
- the tool messages after it become one user message: each result in a
  `<tool_result name="file_read">...</tool_result>` block, in order. A result's own `<tool_result` or
  `</tool_result` is written `<\\/tool_result` or `<tool_result_` so that a file the model read cannot
  close its block and go on as the person's words.

The replies are read by domain/model_replies/text_tool_calls.py, as any call written as text: checked, gated and run.

`choose_protocol` says which protocol a call uses (the setting's `auto` explained there).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from orkeon_engine.domain.model.chat import ChatMessage

ToolProtocol = Literal["native", "prompt"]
AUTO = "auto"
RESULT_OPEN = '<tool_result name="{name}">'
RESULT_CLOSE = "</tool_result>"
DESCRIPTION_LIMIT = 300
"""A tool's description is cut at the last sentence that ends within this many characters."""
_MAX_DEPTH = 3
_RESULT_TAG = re.compile(r"<(/?)tool_result", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")

CALL_FORMAT = (
    "## Tools\n\n"
    "You use a tool by writing a call block at the end of your reply, exactly in this form:\n"
    "<tool_call>\n{example}\n</tool_call>\n"
    "The arguments are a JSON object. Write one block per call; write nothing after the blocks. The results "
    "come back in the next message, each in a <tool_result> block; then go on. When you need no more tools, "
    "answer in plain words without any <tool_call> block: that answer is your final answer.\n\n"
    "The tools (name, arguments: ? marks an optional one):"
)


def choose_protocol(setting: str, *, knows_tools: bool, openai_compatible_base: bool) -> ToolProtocol:
    """The protocol of a call: `native` and `prompt` as they say; `auto` is native where litellm's table says
    the model supports function calling, or where the model is served by an OpenAI-compatible api base it
    does not know (llama.cpp with --jinja, vLLM with a tool parser, Ollama, LM Studio and the LiteLLM proxy
    all take `tools`, and a call such a model writes as text is read anyway), else prompt."""
    if setting == "native":
        return "native"
    if setting == "prompt":
        return "prompt"
    return "native" if knows_tools or openai_compatible_base else "prompt"


def tools_section(specs: Sequence[Mapping[str, Any]]) -> str:
    """The system prompt's part that offers the tools of `specs` (OpenAI function specs); "" for none."""
    functions = [f for spec in specs if isinstance(f := spec.get("function"), dict) and isinstance(f.get("name"), str)]
    if not functions:
        return ""
    lines = [CALL_FORMAT.format(example=_example(functions))]
    for function in functions:
        parameters = _parameters(function)
        described = _short(str(function.get("description") or ""))
        line = f"- {function['name']}({_arguments(parameters, parameters)})"
        lines.append(f"{line}: {described}" if described else line)
    return "\n".join(lines)


def prompt_conversation(messages: Sequence[ChatMessage], specs: Sequence[Mapping[str, Any]]) -> list[ChatMessage]:
    """`messages` as a model without function calling reads them (the module docstring): the tools in the
    system message (a system message of their own when there is none), calls as text, results as a user
    message."""
    section = tools_section(specs)
    written: list[ChatMessage] = []
    results: list[str] = []
    placed = not section
    for message in messages:
        if message.role == "tool":
            results.append(_result_block(message))
            continue
        if results:
            written.append(ChatMessage.user("\n\n".join(results)))
            results = []
        if message.role == "system" and not placed:
            written.append(ChatMessage.system(f"{message.text}\n\n{section}" if message.text else section))
            placed = True
        elif message.role == "assistant" and message.tool_calls:
            blocks = [_call_block(call.name, call.arguments) for call in message.tool_calls]
            written.append(ChatMessage.assistant("\n".join(part for part in (message.text.strip(), *blocks) if part)))
        else:
            written.append(message)
    if results:
        written.append(ChatMessage.user("\n\n".join(results)))
    if not placed:
        written.insert(0, ChatMessage.system(section))
    return written


def _call_block(name: str, arguments: str) -> str:
    try:
        value = json.loads(arguments or "{}")
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, dict):
        value = {}  # the call's error, which follows, says what was wrong with what it wrote
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": value}, ensure_ascii=False) + "\n</tool_call>"


def _result_block(message: ChatMessage) -> str:
    name = re.sub(r"[^\w.-]", "_", message.name or "tool")
    text = _RESULT_TAG.sub(lambda m: "<\\/tool_result" if m.group(1) else "<tool_result_", message.text)
    return f"{RESULT_OPEN.format(name=name)}\n{text}\n{RESULT_CLOSE}"


def _example(functions: Sequence[Mapping[str, Any]]) -> str:
    """A call of the first tool reading a file (else the first tool), its required arguments filled in."""
    chosen = next((f for f in functions if "read" in str(f["name"]) and "path" in _properties(f)), functions[0])
    parameters = _parameters(chosen)
    required = [key for key in parameters.get("required", []) if key in _properties(chosen)]
    arguments = {key: _sample(key, _properties(chosen)[key]) for key in required}
    return json.dumps({"name": chosen["name"], "arguments": arguments}, ensure_ascii=False)


def _parameters(function: Mapping[str, Any]) -> dict[str, Any]:
    parameters = function.get("parameters")
    return parameters if isinstance(parameters, dict) else {}


def _properties(function: Mapping[str, Any]) -> dict[str, Any]:
    parameters = function.get("parameters")
    properties = parameters.get("properties") if isinstance(parameters, dict) else None
    return properties if isinstance(properties, dict) else {}


def _sample(key: str, schema: Any) -> Any:
    kind = schema.get("type") if isinstance(schema, dict) else None
    if kind == "integer" or kind == "number":
        return schema.get("minimum", 1)
    if kind == "boolean":
        return True
    if kind == "array":
        return []
    if kind == "object":
        return {}
    return "path/to/the/file" if "path" in key else "..."  # a placeholder no project has: a model copied src/app.py


def _arguments(schema: Mapping[str, Any], root: Mapping[str, Any], depth: int = 0) -> str:
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return ""
    required = set(schema.get("required") or ())
    parts = []
    for key, value in properties.items():
        part = f"{key}{'' if key in required else '?'}: {_type(value, root, depth)}"
        if key not in required and isinstance(value, dict) and "default" in value \
                and isinstance(value["default"], str | int | float | bool):
            part += f" = {json.dumps(value['default'])}"
        parts.append(part)
    return ", ".join(parts)


def _type(schema: Any, root: Mapping[str, Any], depth: int) -> str:
    """A schema as a short type: string, integer, "a"|"b", array of ..., {key: type, ...}."""
    if not isinstance(schema, dict) or depth > _MAX_DEPTH:
        return "any"
    if isinstance(schema.get("$ref"), str):
        return _type(_resolve(schema["$ref"], root), root, depth + 1)
    if isinstance(schema.get("enum"), list):
        return "|".join(json.dumps(choice) for choice in schema["enum"])
    for key in ("anyOf", "oneOf"):
        if isinstance(schema.get(key), list):
            kinds = [_type(option, root, depth + 1) for option in schema[key]]
            kinds = [kind for kind in kinds if kind != "null"]
            return " or ".join(dict.fromkeys(kinds)) or "any"
    kind = schema.get("type")
    if kind == "array":
        return f"array of {_type(schema.get('items'), root, depth + 1)}"
    if kind == "object" or "properties" in schema:
        inner = _arguments(schema, root, depth + 1)
        return "{" + inner + "}" if inner else "object"
    if isinstance(kind, list):
        return " or ".join(str(k) for k in kind if k != "null") or "any"
    return str(kind) if isinstance(kind, str) else "any"


def _resolve(ref: str, root: Mapping[str, Any]) -> Any:
    target: Any = root
    for part in ref.lstrip("#/").split("/"):
        target = target.get(part) if isinstance(target, dict) else None
    return target


def _short(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= DESCRIPTION_LIMIT:
        return text
    ends = [match.end() for match in _SENTENCE_END.finditer(text, 0, DESCRIPTION_LIMIT)]
    return text[:ends[-1]] if ends else text[:DESCRIPTION_LIMIT].rstrip() + "..."
