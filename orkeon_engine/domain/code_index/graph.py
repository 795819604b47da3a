"""The dependency graph (imports between files and between packages, the external packages, the cycles)
and the package map with its summaries, computed from an index snapshot."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from orkeon_engine.domain.code_index.answers import IndexSnapshot
from orkeon_engine.domain.code_index.model import FileEntry, Symbol, SymbolKind
from orkeon_engine.domain.code_index.modules import ModuleTable, resolve_import

ROOT_PACKAGE = "."


def package_of(path: str) -> str:
    """A file's package is its folder (`.` for the workspace root); a Go package target is its folder."""
    folder = path[:-1] if path.endswith("/") else path.rpartition("/")[0]
    return folder or ROOT_PACKAGE


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    count: int


@dataclass(frozen=True)
class DependencyGraph:
    """Imports between indexed files, folded into packages; what points outside, and what points nowhere."""

    file_edges: tuple[Edge, ...] = ()
    package_edges: tuple[Edge, ...] = ()
    external: tuple[tuple[str, int], ...] = ()
    """Third-party packages by the number of files importing them, most used first."""
    stdlib: tuple[tuple[str, int], ...] = ()
    unresolved: tuple[tuple[str, str], ...] = ()
    """(file, import) of relative imports that point at no indexed file."""
    cycles: tuple[tuple[str, ...], ...] = ()
    """Groups of packages that import one another, directly or not."""

    def depends_on(self, package: str) -> list[tuple[str, int]]:
        return [(e.target, e.count) for e in self.package_edges if e.source == package]

    def used_by(self, package: str) -> list[tuple[str, int]]:
        return [(e.source, e.count) for e in self.package_edges if e.target == package]


def build_graph(snapshot: IndexSnapshot) -> DependencyGraph:
    table = ModuleTable.build(snapshot)
    file_counts: Counter[tuple[str, str]] = Counter()
    package_counts: Counter[tuple[str, str]] = Counter()
    external: dict[str, set[str]] = defaultdict(set)
    stdlib: dict[str, set[str]] = defaultdict(set)
    unresolved: list[tuple[str, str]] = []
    for entry in snapshot:
        targets: set[str] = set()
        for ref in entry.imports:
            found = resolve_import(entry, ref, table)
            if found.target and found.target != entry.path:
                targets.add(found.target)
            elif found.external:
                (stdlib if found.stdlib else external)[found.external].add(entry.path)
            elif not found.target:
                unresolved.append((entry.path, ref.module))
        source_package = package_of(entry.path)
        for target in targets:
            file_counts[(entry.path, target)] += 1
            target_package = package_of(target)
            if target_package != source_package:
                package_counts[(source_package, target_package)] += 1
    package_edges = tuple(Edge(s, t, n) for (s, t), n in sorted(package_counts.items()))
    return DependencyGraph(
        file_edges=tuple(Edge(s, t, n) for (s, t), n in sorted(file_counts.items())),
        package_edges=package_edges,
        external=_by_use(external),
        stdlib=_by_use(stdlib),
        unresolved=tuple(unresolved),
        cycles=find_cycles(package_edges),
    )


def _by_use(users: dict[str, set[str]]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(((name, len(files)) for name, files in users.items()), key=lambda item: (-item[1], item[0])))


def find_cycles(edges: tuple[Edge, ...]) -> tuple[tuple[str, ...], ...]:
    """The strongly connected groups of two or more packages (Tarjan's algorithm, iterative)."""
    graph: dict[str, list[str]] = defaultdict(list)
    for edge in edges:
        graph[edge.source].append(edge.target)
        graph.setdefault(edge.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[tuple[str, ...]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, int]] = [(start, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            successors = graph[node]
            if child < len(successors):
                work.append((node, child + 1))
                nxt = successors[child]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(tuple(sorted(group)))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return tuple(sorted(groups))


@dataclass(frozen=True)
class PackageStats:
    """One line of the package map."""

    package: str
    files: int
    lines: int
    symbols: int
    languages: tuple[str, ...]
    top_level: tuple[Symbol, ...] = ()


def package_map(snapshot: IndexSnapshot) -> list[PackageStats]:
    """Every package with its size and top-level symbols, the largest (in lines) first."""
    grouped: dict[str, list[FileEntry]] = defaultdict(list)
    for entry in snapshot:
        grouped[package_of(entry.path)].append(entry)
    stats = [
        PackageStats(
            package=package,
            files=len(entries),
            lines=sum(e.line_count for e in entries),
            symbols=sum(len(e.symbols) for e in entries),
            languages=tuple(sorted({e.language for e in entries})),
            top_level=tuple(s for e in entries for s in e.top_level()),
        )
        for package, entries in grouped.items()
    ]
    stats.sort(key=lambda s: (-s.lines, s.package))
    return stats


def is_public(symbol: Symbol) -> bool:
    return not symbol.name.startswith("_")


@dataclass(frozen=True)
class FileSummary:
    path: str
    lines: int
    top_level: tuple[Symbol, ...]
    members: int
    """Symbols nested inside the top-level ones (methods, inner classes)."""


@dataclass(frozen=True)
class PackageSummary:
    """What one package holds and how it connects: its files and their public top-level symbols, its
    counts by kind, the packages it uses and that use it, its external imports."""

    package: str
    files: tuple[FileSummary, ...]
    lines: int
    kinds: tuple[tuple[SymbolKind, int], ...]
    depends_on: tuple[tuple[str, int], ...]
    used_by: tuple[tuple[str, int], ...]
    external: tuple[tuple[str, int], ...] = field(default_factory=tuple)


def summarize_package(snapshot: IndexSnapshot, graph: DependencyGraph, package: str) -> PackageSummary | None:
    """The summary of `package` (a folder, `.` for the root), or None when it holds no indexed file."""
    entries = [e for e in snapshot if package_of(e.path) == package]
    if not entries:
        return None
    kinds: Counter[SymbolKind] = Counter(s.kind for e in entries for s in e.symbols)
    table = ModuleTable.build(snapshot)
    external: Counter[str] = Counter()
    for entry in entries:
        names = {r.external for ref in entry.imports if (r := resolve_import(entry, ref, table)).external}
        external.update(names)
    files = tuple(
        FileSummary(
            path=e.path,
            lines=e.line_count,
            top_level=tuple(s for s in e.top_level() if is_public(s)),
            members=sum(1 for s in e.symbols if s.parent is not None),
        )
        for e in entries
    )
    return PackageSummary(
        package=package,
        files=files,
        lines=sum(e.line_count for e in entries),
        kinds=tuple(sorted(kinds.items(), key=lambda item: (-item[1], item[0]))),
        depends_on=tuple(sorted(graph.depends_on(package), key=lambda item: (-item[1], item[0]))),
        used_by=tuple(sorted(graph.used_by(package), key=lambda item: (-item[1], item[0]))),
        external=tuple(sorted(external.items(), key=lambda item: (-item[1], item[0]))),
    )
