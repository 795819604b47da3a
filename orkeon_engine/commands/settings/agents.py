"""/agents: the sub-agent charters, each with its mode, its dev step, its tools and its budget; `/agents <name>`
shows one. A child started from one (spawn_agent, a dev step, /tasks send) is listed by /tasks."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.agents import CHARTERS, AgentCharter, find_charter
from orkeon_engine.domain.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.tools import BUILTIN_TOOLS
from orkeon_engine.domain.view import CommandView, table

ARGS = ArgSpec(positionals=(Positional("name", "a charter to show in full"),))


async def run_agents(args: ParsedArgs, deps: Deps) -> CommandView:
    name = args.word(0)
    if name:
        charter = find_charter(name)
        if charter is None:
            known = ", ".join(c.name for c in CHARTERS)
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
