"""/analyze [--raw]: the code index's harvest of the project (packages, dependency graph, the largest
packages summarised) and the model's synthesis from it; --raw prints the harvest and asks no model."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.paths import shown
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, Document
from orkeon_engine.ports.files import FilesError

ARGS = ArgSpec(flags=(Flag("raw", "print the harvest alone, without the model's synthesis"),))
ANALYSIS_OUTPUT = "/output/analysis.md"
HARVEST_OUTPUT = "/output/harvest.md"


async def run_analyze(args: ParsedArgs, deps: Deps) -> CommandView:
    if deps.code_index is None:
        raise NotConfiguredError("/analyze needs the code index, which this engine was built without")
    from orkeon_engine.crews.analyze import run as analyze_crew  # the crew loads with its first run

    raw = args.has("raw")
    request = analyze_crew.AnalyzeRequest(raw=raw)
    result = await analyze_crew.run_analyze(request, analyze_crew.AnalyzeDeps(
        deps.code_index, deps.progress, None if raw else deps.require_llm()))
    harvest = result.harvest
    if raw:
        content, title, target = result.harvest_text, f"Harvest of {harvest.root}", HARVEST_OUTPUT
    else:
        content = f"{result.synthesis}\n\n---\n\n{result.harvest_text}"
        title, target = f"Analysis of {harvest.root}", ANALYSIS_OUTPUT
    written = await _write(deps, target, content)
    summary = (f"{harvest.files} files, {harvest.symbols} symbols, {len(harvest.packages)} packages"
               + ("; the harvest was cut to fit the model" if result.cut and not raw else ""))
    where = f"; written to {shown(deps, written)}" if written else ""
    data = {"files": harvest.files, "symbols": harvest.symbols, "packages": len(harvest.packages),
            "output": written}
    return CommandView(document=Document(title, content), message=summary + where, data=data)


async def _write(deps: Deps, path: str, content: str) -> str:
    if deps.files is None:
        return ""
    try:
        await deps.files.write_text(path, content)
    except FilesError:
        return ""
    return path
