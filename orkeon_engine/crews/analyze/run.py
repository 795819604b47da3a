"""run_analyze: the /analyze use case. The index is brought up to date, the package map, the dependency
graph and the largest packages are harvested by code, then, unless the harvest is all that is asked
for, the model writes a synthesis from that harvest alone. Each stage is reported on the progress line."""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.crews.analyze.harvest import (
    LARGEST_PACKAGES,
    Harvest,
    build_harvest,
    dependency_graph,
    map_packages,
    render_harvest,
    summarize_largest,
)
from orkeon_engine.crews.analyze.prompts import ANALYSIS_SYSTEM, build_analysis_user
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.progress import Progress
from orkeon_engine.services.llm import Llm

STAGES = 5


@dataclass(frozen=True)
class AnalyzeRequest:
    raw: bool = False
    """Stop at the harvest: no model call."""
    largest: int = LARGEST_PACKAGES


@dataclass(frozen=True)
class AnalyzeDeps:
    index: CodeIndex
    progress: Progress
    llm: Llm | None = None


@dataclass(frozen=True)
class AnalyzeResult:
    harvest: Harvest
    harvest_text: str
    cut: bool
    synthesis: str = ""
    """The model's analysis; empty for a raw run."""


def _stage(progress: Progress, number: int, what: str, percentage: int | None = None) -> None:
    if progress.cancelled:
        raise CommandFailedError(f"/analyze was cancelled before {what}; nothing was written")
    progress.report(f"analyze {number}/{STAGES}: {what}", percentage)


async def run_analyze(request: AnalyzeRequest, deps: AnalyzeDeps) -> AnalyzeResult:
    if not request.raw:
        if deps.llm is None:
            raise NotConfiguredError("/analyze needs a model for its synthesis (or run /analyze --raw); "
                                     "run `orkeon config set model <provider/model>`")
        await deps.llm.require_model()
    progress = deps.progress
    _stage(progress, 1, "indexing the workspace", 0)

    def indexed(done: int, total: int) -> None:
        progress.report(f"analyze 1/{STAGES}: indexing the workspace ({done}/{total} files)",
                        done * 100 // total if total else None)

    report = await deps.index.build(on_progress=indexed)
    snapshot = await deps.index.snapshot()
    _stage(progress, 2, "mapping the packages")
    packages = map_packages(snapshot)
    _stage(progress, 3, "building the dependency graph")
    graph = dependency_graph(snapshot)
    _stage(progress, 4, f"summarising the {min(request.largest, len(packages))} largest packages")
    summaries = summarize_largest(snapshot, packages, graph, request.largest)
    harvest = build_harvest(report, snapshot, packages, graph, summaries)
    text, cut = render_harvest(harvest)
    if request.raw or deps.llm is None:
        _stage(progress, 5, "done (--raw: no synthesis)", 100)
        return AnalyzeResult(harvest, text, cut)
    _stage(progress, 5, "the synthesis by the model")
    synthesis = await deps.llm.complete(ANALYSIS_SYSTEM, build_analysis_user(text, cut))
    if not synthesis.strip():
        raise CommandFailedError("the model returned an empty analysis; /analyze --raw shows the harvest")
    progress.report(f"analyze {STAGES}/{STAGES}: done", 100)
    return AnalyzeResult(harvest, text, cut, synthesis.strip())
