"""The code index as text: what its tools answer the model and what /analyze prints. Every list is bounded
and says how much it left out, so a reader always knows when it sees a part."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.domain.code_index.answers import IndexReport, IndexSnapshot, Location, TextHit
from orkeon_engine.domain.code_index.graph import DependencyGraph, PackageStats, PackageSummary
from orkeon_engine.domain.code_index.model import FileEntry, IndexStatus, Symbol
from orkeon_engine.domain.code_index.ranking import RankedSymbol


def more(left_out: int, what: str) -> list[str]:
    return [f"... {left_out} more {what} not shown"] if left_out > 0 else []


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def render_status(status: IndexStatus) -> str:
    if not status.built:
        return f"The index of {status.root} is not built yet (index_codebase builds it). Cache: {status.cache}."
    languages = ", ".join(f"{name} {count}" for name, count in status.languages.items()) or "none"
    lines = [
        f"Index of {status.root}: {plural(status.files, 'file')}, {plural(status.symbols, 'symbol')}.",
        f"Languages: {languages}.",
        f"Cache: {status.cache}.",
    ]
    if status.stale:
        shown = ", ".join(status.stale[:10])
        lines.append(f"Stale: {plural(len(status.stale), 'file')} changed since indexed ({shown})"
                     + (" ..." if len(status.stale) > 10 else "") + "; incremental_reindex refreshes them.")
    else:
        lines.append("Fresh: no indexed file changed since it was indexed.")
    if status.unindexed:
        lines.append(f"Not indexed yet: {plural(status.unindexed, 'new file')}.")
    return "\n".join(lines)


def render_report(report: IndexReport) -> str:
    lines = [
        f"Indexed {plural(report.seen, 'file')}: {len(report.parsed)} parsed, {report.unchanged} unchanged, "
        f"{len(report.removed)} removed, {len(report.failed)} failed ({report.elapsed_ms:.0f} ms).",
    ]
    if report.parsed and len(report.parsed) <= 10:
        lines.append("Parsed: " + ", ".join(report.parsed) + ".")
    for path, reason in report.failed[:10]:
        lines.append(f"Failed: {path}: {reason}")
    lines.extend(more(len(report.failed) - 10, "failures"))
    if report.ignored:
        lines.append(f"Left out: {plural(report.ignored, 'file')} in vendored or generated folders, or too large "
                     "(git-ignored files are never listed).")
    if report.unsupported:
        top = sorted(report.unsupported.items(), key=lambda item: (-item[1], item[0]))[:8]
        lines.append("Not parsed (no grammar): " + ", ".join(f"{ext or '(none)'} {n}" for ext, n in top) + ".")
    return "\n".join(lines)


def symbol_line(symbol: Symbol) -> str:
    return f"{symbol.kind} {symbol.qualified_name} ({symbol.path}:{symbol.start_line}-{symbol.end_line})"


def render_codebase_map(snapshot: IndexSnapshot, under: str = "", max_files: int = 200,
                        max_symbols: int = 12) -> str:
    """Files with their top-level symbols, under a folder when `under` names one."""
    prefix = under.strip("/")
    entries = [e for e in snapshot if not prefix or e.path == prefix or e.path.startswith(prefix + "/")]
    if not entries:
        where = f" under {prefix}" if prefix else ""
        return f"No indexed file{where}."
    lines = [f"{plural(len(entries), 'file')}" + (f" under {prefix}" if prefix else "") + ":"]
    for entry in entries[:max_files]:
        top = entry.top_level()
        names = ", ".join(f"{s.kind} {s.name}" for s in top[:max_symbols])
        extra = f", +{len(top) - max_symbols}" if len(top) > max_symbols else ""
        head = f"{entry.path} ({entry.language}, {entry.line_count} lines)"
        lines.append(head + (f": {names}{extra}" if names else ""))
    lines.extend(more(len(entries) - max_files, "files"))
    return "\n".join(lines)


def render_package_map(stats: Sequence[PackageStats], max_packages: int = 40) -> str:
    lines = [f"{plural(len(stats), 'package')} (folders), largest first:"]
    for stat in stats[:max_packages]:
        lines.append(f"{stat.package}: {plural(stat.files, 'file')}, {stat.lines} lines, "
                     f"{plural(stat.symbols, 'symbol')} ({', '.join(stat.languages)})")
    lines.extend(more(len(stats) - max_packages, "packages"))
    return "\n".join(lines)


def render_graph(graph: DependencyGraph, level: str = "package", focus: str = "", max_edges: int = 80) -> str:
    """The graph between packages (or files), limited to the edges touching `focus` when it is given."""
    edges = graph.package_edges if level == "package" else graph.file_edges
    if focus:
        focus = focus.strip("/")
        edges = tuple(e for e in edges if _under(e.source, focus) or _under(e.target, focus))
    what = "packages" if level == "package" else "files"
    lines = [f"Imports between {what}" + (f" touching {focus}" if focus else "") + f": {plural(len(edges), 'edge')}."]
    lines.extend(f"{e.source} -> {e.target}" + (f" ({e.count})" if e.count > 1 else "") for e in edges[:max_edges])
    lines.extend(more(len(edges) - max_edges, "edges"))
    if graph.cycles:
        lines.append("Cycles between packages: " + "; ".join(" <-> ".join(group) for group in graph.cycles[:10]))
    if graph.external:
        lines.append("External packages (files importing): "
                     + ", ".join(f"{name} {n}" for name, n in graph.external[:25])
                     + (" ..." if len(graph.external) > 25 else ""))
    if graph.stdlib:
        lines.append("Standard library: " + ", ".join(f"{name} {n}" for name, n in graph.stdlib[:25])
                     + (" ..." if len(graph.stdlib) > 25 else ""))
    if graph.unresolved:
        lines.append(f"Unresolved relative imports: {len(graph.unresolved)} (e.g. "
                     + ", ".join(f"{path}: {module}" for path, module in graph.unresolved[:5]) + ")")
    return "\n".join(lines)


def _under(path: str, focus: str) -> bool:
    path = path.rstrip("/")
    return path == focus or path.startswith(focus + "/")


def render_package_summary(summary: PackageSummary, max_files: int = 30, max_symbols: int = 15) -> str:
    kinds = ", ".join(f"{n} {kind}" for kind, n in summary.kinds) or "no symbols"
    lines = [f"Package {summary.package}: {plural(len(summary.files), 'file')}, {summary.lines} lines; {kinds}."]
    for file in summary.files[:max_files]:
        names = ", ".join(f"{s.kind} {s.qualified_name}" for s in file.top_level[:max_symbols])
        extra = f", +{len(file.top_level) - max_symbols}" if len(file.top_level) > max_symbols else ""
        members = f"; {plural(file.members, 'member')}" if file.members else ""
        lines.append(f"- {file.path} ({plural(file.lines, 'line')}{members})" + (f": {names}{extra}" if names else ""))
    lines.extend(more(len(summary.files) - max_files, "files"))
    uses = ", ".join(f"{p} ({n})" for p, n in summary.depends_on[:15]) or "no other package"
    used = ", ".join(f"{p} ({n})" for p, n in summary.used_by[:15]) or "no other package"
    lines.append(f"Uses: {uses}.")
    lines.append(f"Used by: {used}.")
    if summary.external:
        lines.append("Imports from outside the project: "
                     + ", ".join(f"{name} ({n})" for name, n in summary.external[:15]) + ".")
    return "\n".join(lines)


def render_outline(entry: FileEntry) -> str:
    """A file's symbols as an indented tree with their line ranges and qualified names."""
    head = f"{entry.path} ({entry.language}, {entry.line_count} lines, module {entry.module})"
    if entry.error:
        head += f"; {entry.error}"
    if not entry.symbols:
        return head + "\nNo symbols."
    depth: dict[str, int] = {}
    lines = [head]
    for symbol in entry.symbols:
        level = depth.get(symbol.parent, -1) + 1 if symbol.parent else 0
        depth[symbol.qualified_name] = level
        lines.append(f"{'  ' * level}{symbol.start_line}-{symbol.end_line} {symbol.kind} {symbol.name}"
                     f"  [{symbol.qualified_name}]")
    return "\n".join(lines)


def render_search(query: str, ranked: Sequence[RankedSymbol], hits: Sequence[TextHit],
                  files: Sequence[FileEntry] = (), used: Sequence[TextHit] = ()) -> str:
    """The symbols and text lines a search found, after the files its query names (to be read whole), then
    the lines that define the constants those text lines use (`used`, from ranking.names_used)."""
    if not ranked and not hits and not files:
        return f"Nothing in the index matches {query!r}."
    lines: list[str] = []
    if files:
        lines.append(f"Files named {query!r} (read one with file_read):")
        lines.extend(f"{entry.path} ({entry.line_count} lines)" for entry in files)
    if ranked:
        lines.append(f"Symbols matching {query!r}:")
        lines.extend(symbol_line(r.symbol) for r in ranked)
    if hits:
        lines.append(f"Text matching {query!r}:")
        lines.extend(f"{hit.path}:{hit.line}: {hit.text.strip()[:160]}" for hit in hits)
    if used:
        lines.append("Where those lines' names are set, in the same file:")
        lines.extend(f"{hit.path}:{hit.line}: {hit.text.strip()[:160]}" for hit in used)
    return "\n".join(lines)


def render_locations(what: str, locations: Sequence[Location], max_items: int = 60) -> str:
    if not locations:
        return f"No {what} found."
    lines = [f"{plural(len(locations), what.rstrip('s'))}:"]
    for loc in locations[:max_items]:
        where = f"{loc.path}:{loc.line}:{loc.column}" if loc.path else f"outside the workspace ({loc.module_path})"
        name = loc.qualified_name or loc.name
        kind = f"{loc.kind} " if loc.kind else ""
        text = f"  | {loc.line_text.strip()[:120]}" if loc.line_text.strip() else ""
        lines.append(f"{where} {kind}{name}{text}")
    lines.extend(more(len(locations) - max_items, what))
    return "\n".join(lines)
