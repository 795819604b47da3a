"""The harvest of /analyze: what the code index says about the project, gathered and rendered by code,
with the list of what it does not say. The synthesis answers from this text alone, so its limits are
written into it."""

from __future__ import annotations

from dataclasses import dataclass, field

from orkeon_engine.domain.code_index.answers import IndexReport, IndexSnapshot
from orkeon_engine.domain.code_index.graph import (
    DependencyGraph,
    PackageStats,
    PackageSummary,
    build_graph,
    package_map,
    summarize_package,
)
from orkeon_engine.domain.code_index.render import (
    plural,
    render_graph,
    render_package_map,
    render_package_summary,
)

LARGEST_PACKAGES = 5
MAX_HARVEST_CHARS = 60_000


@dataclass(frozen=True)
class Harvest:
    """Everything /analyze gathered before the model is asked."""

    root: str
    report: IndexReport
    snapshot: IndexSnapshot
    packages: tuple[PackageStats, ...]
    graph: DependencyGraph
    summaries: tuple[PackageSummary, ...]
    left_out: tuple[str, ...] = field(default_factory=tuple)

    @property
    def files(self) -> int:
        return len(self.snapshot.files)

    @property
    def symbols(self) -> int:
        return self.snapshot.symbol_count


def map_packages(snapshot: IndexSnapshot) -> tuple[PackageStats, ...]:
    return tuple(package_map(snapshot))


def dependency_graph(snapshot: IndexSnapshot) -> DependencyGraph:
    return build_graph(snapshot)


def summarize_largest(snapshot: IndexSnapshot, packages: tuple[PackageStats, ...], graph: DependencyGraph,
                      count: int = LARGEST_PACKAGES) -> tuple[PackageSummary, ...]:
    found = (summarize_package(snapshot, graph, stat.package) for stat in packages[:count])
    return tuple(summary for summary in found if summary is not None)


def what_is_left_out(report: IndexReport, snapshot: IndexSnapshot, packages: tuple[PackageStats, ...],
                     graph: DependencyGraph, summarized: int) -> tuple[str, ...]:
    """The limits of the harvest, each in one sentence."""
    notes = [
        "The bodies of functions and classes, their docstrings and comments: the index holds names, kinds, "
        "qualified names and line ranges only.",
        "Calls, inheritance and data flow: the graph holds imports between files, nothing else.",
    ]
    if report.unsupported:
        listed = ", ".join(f"{ext or '(no extension)'} {n}" for ext, n in
                           sorted(report.unsupported.items(), key=lambda item: (-item[1], item[0]))[:10])
        notes.append(f"Files in languages the index does not parse: {listed}.")
    if report.ignored:
        notes.append(f"{plural(report.ignored, 'file')} in vendored or generated folders, or too large; and every "
                     "git-ignored file.")
    if report.failed:
        notes.append(f"{plural(len(report.failed), 'file')} that could not be read or parsed: "
                     + ", ".join(path for path, _ in report.failed[:5]) + ".")
    broken = [entry.path for entry in snapshot if entry.error]
    if broken:
        notes.append(f"{plural(len(broken), 'file')} with syntax errors, whose symbols may be incomplete: "
                     + ", ".join(broken[:5]) + (" ..." if len(broken) > 5 else "") + ".")
    if len(packages) > summarized:
        rest = len(packages) - summarized
        notes.append(f"{plural(rest, 'package')} beyond the {summarized} largest {'is' if rest == 1 else 'are'} "
                     "described by their size only.")
    if graph.unresolved:
        count = len(graph.unresolved)
        notes.append(f"{plural(count, 'relative import')} that {'points' if count == 1 else 'point'} at no "
                     "indexed file.")
    return tuple(notes)


def build_harvest(report: IndexReport, snapshot: IndexSnapshot, packages: tuple[PackageStats, ...],
                  graph: DependencyGraph, summaries: tuple[PackageSummary, ...]) -> Harvest:
    left_out = what_is_left_out(report, snapshot, packages, graph, len(summaries))
    return Harvest(snapshot.root, report, snapshot, packages, graph, summaries, left_out)


def render_harvest(harvest: Harvest, max_chars: int = MAX_HARVEST_CHARS) -> tuple[str, bool]:
    """The harvest as markdown, and whether it had to be cut to `max_chars` (the cut is said in the text)."""
    languages = ", ".join(f"{name} {n}" for name, n in harvest.snapshot.languages().items()) or "none"
    parts = [
        f"# Harvest of {harvest.root}",
        "",
        "## Index",
        f"{plural(harvest.files, 'file')}, {plural(harvest.symbols, 'symbol')}; languages: {languages}.",
        f"This pass parsed {len(harvest.report.parsed)} and found {harvest.report.unchanged} unchanged.",
        "",
        "## Package map",
        render_package_map(harvest.packages),
        "",
        "## Dependency graph",
        render_graph(harvest.graph, "package"),
        "",
        f"## The {len(harvest.summaries)} largest packages",
    ]
    for summary in harvest.summaries:
        parts += ["", f"### {summary.package}", render_package_summary(summary)]
    tail = ["", "", "## What this harvest leaves out", *(f"- {note}" for note in harvest.left_out)]
    body = "\n".join(parts)
    closing = "\n".join(tail)
    if len(body) + len(closing) <= max_chars:
        return body + closing + "\n", False
    room = max(0, max_chars - len(closing) - 200)
    cut_note = (f"\n\n[harvest cut: {len(body) - room:,} characters of the package details left out to fit]")
    closing += "\n- The end of the package details above, cut to fit the model's input."
    return body[:room] + cut_note + closing + "\n", True
