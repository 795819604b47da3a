"""/init: write AGENTS.md from the project's configuration, layout and code, merging the existing
instruction files (AGENTS.md, CLAUDE.md, .cursorrules, .github/copilot-instructions.md), losing none."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.paths import shown
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, Document

ARGS = ArgSpec()


async def run_init(args: ParsedArgs, deps: Deps) -> CommandView:
    if deps.files is None:
        raise NotConfiguredError("/init needs the workspace's files, which this engine was built without")
    from orkeon_engine.crews.project_init import run as init_crew  # the crew loads with its first run

    result = await init_crew.run_project_init(init_crew.InitDeps(deps.files, deps.require_llm(), deps.progress,
                                                                deps.code_index))
    parts = [f"wrote {shown(deps, result.path)} ({len(result.text.splitlines())} lines)"]
    if result.merged:
        parts.append("merged " + ", ".join(result.merged))
    if result.carried:
        parts.append("kept verbatim: " + ", ".join(f"{n} line{'s' if n != 1 else ''} of {path}"
                                                   for path, n in result.carried.items()))
    if result.backup:
        parts.append(f"the previous AGENTS.md is in {shown(deps, result.backup)}")
    data = {"path": result.path, "merged": list(result.merged), "carried": result.carried,
            "backup": result.backup}
    return CommandView(document=Document("AGENTS.md", result.text), message="; ".join(parts) + ".", data=data)
