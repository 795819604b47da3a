"""/debug-tool-call: `list` the tools registered for a run, by class; `<tool> <json>` runs one tool through
the permission gate in the session's mode, as the model's call would, and shows the raw result."""

from __future__ import annotations

import json
from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.tool_call import TOOL_CLASSES, ToolResult
from orkeon_engine.domain.view import CommandView, table
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.permission_mode import resolve_mode

ARGS = ArgSpec(
    positionals=(
        Positional("tool", "list (the default), or the name of a tool to call"),
        Positional("json", "the call's arguments as a JSON object (default {})", many=True),
    ),
    typed_from=1,
)
USAGE = "/debug-tool-call list | <tool> [<json arguments>]"


async def run_debug_tool_call(args: ParsedArgs, deps: Deps) -> CommandView:
    name = args.word(0) or "list"
    box = deps.run_toolbox()
    if name == "list":
        if args.rest(1):
            raise ArgumentError("list takes no argument", USAGE)
        rows = [[cls, tool.name, tool.description.split(". ")[0].rstrip(".")]
                for cls in TOOL_CLASSES for tool in box.by_class(cls)]
        return CommandView(table=table(["class", "tool", "what it does"], rows),
                           message=f"{len(rows)} tools registered. `/debug-tool-call <tool> <json>` runs one.")
    tool = box.catalogue.get(name)
    arguments = _arguments(" ".join(args.rest(1)))
    try:
        parsed = tool.parse(arguments)
    except ValueError as error:  # pydantic's ValidationError is a ValueError
        raise CommandFailedError(f"{tool.name}: the arguments do not fit its input: {_first_lines(error)}") from None
    mode = await resolve_mode(deps.session, deps.config)
    gate = await gate_for_run(deps.gate_ports(), mode.mode)
    verdict = await gate.authorize(await tool.describe(parsed))
    reason = f" ({verdict.reason})" if verdict.reason else ""
    lines = [f"mode: {mode.describe()}", f"gate: {'allowed' if verdict.allowed else 'refused'}{reason}"]
    if not verdict.allowed:
        return CommandView(lines=tuple(lines), message=f"{tool.name} was not run.",
                           data={"allowed": False, "reason": verdict.reason})
    try:
        result = await tool.run(parsed)
    except Exception as error:  # the tool loop turns this into an error result; show it as raised
        lines.append(f"raised: {type(error).__name__}: {error}")
        return CommandView(lines=tuple(lines), message=f"{tool.name} raised instead of returning a result.",
                           data={"allowed": True, "raised": f"{type(error).__name__}: {error}"})
    lines += _raw(result)
    return CommandView(lines=tuple(lines), message=f"{tool.name} returned {'an error' if result.is_error else 'ok'}.",
                       data={"allowed": True, "isError": result.is_error, "text": result.text, "data": result.data})


def _arguments(text: str) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise ArgumentError(f"the arguments are not valid JSON ({error.msg} at character {error.pos})", USAGE) from None
    except RecursionError:
        raise ArgumentError("the arguments nest too deeply to be read", USAGE) from None
    if not isinstance(value, dict):
        raise ArgumentError(f"the arguments must be a JSON object, not {type(value).__name__}", USAGE)
    return value


def _raw(result: ToolResult) -> list[str]:
    lines = [f"is_error: {str(result.is_error).lower()}", "text:", *result.text.splitlines()]
    if result.data:
        lines += ["data:", *json.dumps(result.data, indent=2, ensure_ascii=False, default=str).splitlines()]
    return lines


def _first_lines(error: ValueError, count: int = 4) -> str:
    return "; ".join(line.strip() for line in str(error).splitlines()[:count] if line.strip())
