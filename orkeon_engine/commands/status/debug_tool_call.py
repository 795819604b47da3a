"""/debug-tool-call: `list` every tool the runtime registers, by class, with what offers each to a model;
`<tool> <json>` runs one tool through the permission gate in the session's mode, as the model's call would,
and shows the raw result.

The list is the run toolbox (the standard tools, the code tools, memory_recall, web_fetch, create_pr, the
extra tools of `tools.extra`), the project-check tools that /dev-batches registers (run_tests, run_build),
the tools each assistant turn builds itself (todo_write; definition_rewrite, for the core tool set) and the
host's own spawn_agent. Who offers each is read from the offering code itself: the assistant's
offer in each mode under the session's rules (crews/main_loop), the built-in agent charters
(domain/agents/agents.py), the implement step's tools (crews/dev_implement), and the tool loop, which offers
spawn_agent to every act of the engine's model and never to a child's.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.crews.main_loop.run import tools_offered_in, turn_tools_offered_in
from orkeon_engine.domain.agents.agents import CHARTERS
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from orkeon_engine.domain.tool_call import TOOL_CLASSES, ToolResult
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.services.gate import gate_for_run
from orkeon_engine.services.permission_mode import resolve_mode
from orkeon_engine.tools.toolbox import RunToolbox

if TYPE_CHECKING:
    from orkeon_engine.tools.base import Tool

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
    box = await deps.launch_toolbox()  # the assistant's own toolbox, which its offer is computed over
    checks = await _check_tools(deps)
    if name == "list":
        if args.rest(1):
            raise ArgumentError("list takes no argument", USAGE)
        return await _list(box, checks, deps)
    tool = next((check for check in checks if check.name == name.strip().lower()), None) or box.catalogue.get(name)
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


async def _list(box: RunToolbox, checks: list[Tool[Any]], deps: Deps) -> CommandView:
    offers = await _offers(box, deps)
    tools: list[Tool[Any] | type[Tool[Any]]] = [*box.catalogue, *checks]
    spawner = deps.llm is not None and deps.llm.spawner is not None
    if spawner:
        from orkeon_engine.tools.spawn_agent import SpawnAgentTool

        tools.append(SpawnAgentTool)
        offers[SpawnAgentTool.name] = ["every act of the engine's model (never a child's)"]
    from orkeon_engine.tools.definition_rewrite import DefinitionRewriteTool
    from orkeon_engine.tools.todo_write import TodoWriteTool

    tools += [TodoWriteTool, DefinitionRewriteTool]
    rows = [[cls, tool.name, "; ".join(offers.get(tool.name, [])) or "none", _summary(tool.description)]
            for cls in TOOL_CLASSES for tool in tools if tool.tool_class == cls]
    lines = ["a general agent (spawn_agent without a charter) gets the tools of the act that starts it"]
    return CommandView(lines=tuple(lines) if spawner else (),
                       table=table(["class", "tool", "offered by", "what it does"], rows),
                       message=f"{len(rows)} tools registered. `/debug-tool-call <tool> <json>` runs one.")


async def _offers(box: RunToolbox, deps: Deps) -> dict[str, list[str]]:
    """Tool name -> what offers it to a model, from the offering code (the module docstring)."""
    mode = await resolve_mode(deps.session, deps.config)
    rules = (await gate_for_run(deps.gate_ports(), mode.mode)).context.rules
    modes: dict[str, list[str]] = {}
    core: dict[str, list[str]] = {}
    for each in PERMISSION_MODES:
        for name in (*tools_offered_in(each, box, rules), *turn_tools_offered_in(each, rules)):
            modes.setdefault(name, []).append(each)
        for name in turn_tools_offered_in(each, rules, core=True):
            core.setdefault(name, []).append(each)
    offers = {name: [f"assistant ({_modes(found)})"] for name, found in modes.items()}
    for name, found in core.items():
        if name not in modes:
            offers[name] = [f"assistant with the core tool set ({_modes(found)})"]
    for charter in CHARTERS:
        for name in charter.tools:
            offers.setdefault(name, []).append(f"agent {charter.name}")
    from orkeon_engine.crews.dev_implement.run import IMPLEMENT_TOOLS  # pydantic loads with the first use
    from orkeon_engine.crews.dev_implement.run import STEP as IMPLEMENT_STEP

    for name in IMPLEMENT_TOOLS:
        offers.setdefault(name, []).append(IMPLEMENT_STEP)
    return offers


def _modes(found: list[str]) -> str:
    return "every mode" if len(found) == len(PERMISSION_MODES) else ", ".join(found)


async def _check_tools(deps: Deps) -> list[Tool[Any]]:
    """run_tests and run_build over the project's checks, as /dev-batches registers them (none without a
    shell or files to find the checks in)."""
    if deps.files is None or deps.shell is None:
        return []
    from orkeon_engine.services.project_checks import open_project_checks
    from orkeon_engine.tools.check_tools import RunBuildTool, RunTestsTool

    checks = await open_project_checks(deps.files, deps.shell, deps.clock)
    return [RunTestsTool(checks), RunBuildTool(checks)]


def _summary(description: str) -> str:
    return description.split(". ")[0].rstrip(".")


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
