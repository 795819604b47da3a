"""/agents: the sub-agent charters, each with its mode, its dev step, its tools and its budget; `/agents <name>`
shows one. A child started from one (spawn_agent, a dev step, /tasks send) is listed by /tasks."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.agents.agents import (
    CHARTERS,
    GENERAL_CHARTER,
    AgentCharter,
    charter_names,
    find_charter,
    general_charter,
)
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.tools import BUILTIN_TOOLS
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView, table
from orkeon_engine.services.permission_mode import resolve_mode

ARGS = ArgSpec(positionals=(Positional("name", "a charter to show in full"),))


async def run_agents(args: ParsedArgs, deps: Deps) -> CommandView:
    name = args.word(0)
    if name and name.strip().lower() == GENERAL_CHARTER:
        return await _general(deps)
    if name:
        charter = find_charter(name)
        if charter is None:
            known = ", ".join(charter_names())
            raise CommandFailedError(f"no sub-agent charter named {name!r}; charters: {known}")
        return _one(charter)
    rows = [[c.name, c.mode, c.step or "", ", ".join(c.tools), c.budget.describe()] for c in CHARTERS]
    return CommandView(
        table=table(["agent", "mode", "step", "tools", "budget"], rows),
        message=f"{len(CHARTERS)} sub-agent charters, beside `general` (a helper with its parent's mode and "
                "tools). `/agents <name>` shows one with its purpose.",
    )


def _one(charter: AgentCharter) -> CommandView:
    lines = [
        f"{charter.name}: {charter.purpose}",
        f"mode: {charter.mode}",
        f"step: {charter.step or 'none'} (its rule sets and budget, unless its starter names another)",
        f"started by: {charter.started_by}",
        f"budget: {charter.budget.describe()}",
        f"tools ({len(charter.tools)}):",
        *(f"  {tool} ({BUILTIN_TOOLS.get(tool, 'extra')})" for tool in charter.tools),
    ]
    return CommandView(lines=tuple(lines))


async def _general(deps: Deps) -> CommandView:
    """`general` takes its parent's mode and tools, so it is shown with this session's mode."""
    choice = await resolve_mode(deps.session, deps.config)
    charter = general_charter(choice.known or "default", ())
    lines = [
        f"{charter.name}: {charter.purpose}",
        f"mode: its parent's (this session's now: {choice.describe()})",
        "step: none (its rule sets and budget come from a step only when its starter names one)",
        f"started by: {charter.started_by}",
        f"budget: {charter.budget.describe()}",
        "tools: its parent's, spawn_agent left out (a child starts no child of its own)",
    ]
    return CommandView(lines=tuple(lines))
