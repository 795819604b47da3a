"""The code index's read tools: index_status, index_codebase, incremental_reindex, codebase_map,
dependency_graph, package_summary and codebase_search.

The tools that answer from the index refresh it first (only the files whose content changed are parsed
again), so an answer never reflects a file as it was before an edit."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.code_index.answers import IndexSnapshot, TextHit
from orkeon_engine.domain.code_index.graph import build_graph, package_map, summarize_package
from orkeon_engine.domain.code_index.model import Symbol, SymbolKind
from orkeon_engine.domain.code_index.ranking import files_named, names_used, rank_symbols, rank_text_hits
from orkeon_engine.domain.code_index.render import (
    render_codebase_map,
    render_graph,
    render_package_map,
    render_package_summary,
    render_report,
    render_search,
    render_status,
)
from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.domain.tools.file_lines import split_lines
from orkeon_engine.ports.code_index import CodeIndex, CodeIndexError
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.code_paths import OutsideWorkspaceError, virtual, workspace_relative
from orkeon_engine.tools.shaping import gate_paths


def index_scope(files: Files, under: str) -> str:
    """The folder an `under` argument keeps a map or search to, relative to /workspace; "" for the whole
    index, which "", ".", /workspace and the root "/" all ask for (the root holds the workspace, the only
    indexed mount: a 1.5B searched `under: "/"` and was refused). OutsideWorkspaceError for any other folder
    outside the workspace."""
    if under.strip() in ("", "/"):
        return ""
    relative = workspace_relative(files, under)
    return "" if relative == "." else relative


async def fresh_snapshot(index: CodeIndex) -> IndexSnapshot:
    """The index after a refresh: built when it never was, else with every changed file parsed again."""
    await index.refresh()
    return await index.snapshot()


class IndexStatusInput(BaseModel):
    model_config = ConfigDict(extra="forbid")


class IndexStatusTool(Tool[IndexStatusInput]):
    name: ClassVar[str] = "index_status"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Say whether the code index is built, how many files and symbols of which languages it holds, "
        "where its cache is, and which files changed since they were indexed. It indexes nothing."
    )
    Input = IndexStatusInput

    def __init__(self, index: CodeIndex) -> None:
        self._index = index

    async def run(self, args: IndexStatusInput) -> ToolResult:
        status = await self._index.status()
        data = {"built": status.built, "files": status.files, "symbols": status.symbols,
                "stale": list(status.stale)}
        return ToolResult(render_status(status), data=data)


class IndexCodebaseInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    force: bool = Field(False, description="Parse every file again, not only the new and changed ones.")


class IndexCodebaseTool(Tool[IndexCodebaseInput]):
    name: ClassVar[str] = "index_codebase"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Build or bring up to date the code index of /workspace (Python, JavaScript, TypeScript, TSX, Go, "
        "Rust, Java): new and changed files are parsed, deleted ones dropped; git-ignored files and "
        "vendored folders are left out. The other code tools build it by themselves when needed."
    )
    Input = IndexCodebaseInput

    def __init__(self, index: CodeIndex) -> None:
        self._index = index

    async def run(self, args: IndexCodebaseInput) -> ToolResult:
        report = await self._index.build(force=args.force)
        return ToolResult(render_report(report), data={"seen": report.seen, "parsed": len(report.parsed)})


class IncrementalReindexInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    paths: list[str] = Field(
        default_factory=list,
        description="The files to reindex (virtual paths under /workspace, or relative to it); empty "
        "reindexes every file that changed.",
    )


class IncrementalReindexTool(Tool[IncrementalReindexInput]):
    name: ClassVar[str] = "incremental_reindex"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Reindex the named files now (or every changed file when none is named), for files changed outside "
        "the code tools, such as by a shell command. The code edit tools reindex what they write themselves."
    )
    Input = IncrementalReindexInput

    def __init__(self, files: Files, index: CodeIndex) -> None:
        self._files = files
        self._index = index

    async def describe(self, args: IncrementalReindexInput) -> ToolCall:
        paths = tuple(dict.fromkeys(q for p in args.paths for q in gate_paths(self._files, p)))
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=paths)

    async def run(self, args: IncrementalReindexInput) -> ToolResult:
        try:
            relative = [workspace_relative(self._files, p) for p in args.paths]
            report = await self._index.refresh(relative)
        except (OutsideWorkspaceError, CodeIndexError) as error:
            return ToolResult(str(error), is_error=True)
        return ToolResult(render_report(report), data={"parsed": list(report.parsed)})


class CodebaseMapInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    under: str = Field("", description="A folder to map (virtual path or relative); empty maps the project.")
    max_files: int = Field(200, ge=1, le=1000, description="The most files to list.")


class CodebaseMapTool(Tool[CodebaseMapInput]):
    name: ClassVar[str] = "codebase_map"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "The project's packages (folders) by size, then its indexed files with their language, line count "
        "and top-level symbols (classes, functions, types...). Use it to find your way before reading files."
    )
    Input = CodebaseMapInput

    def __init__(self, files: Files, index: CodeIndex) -> None:
        self._files = files
        self._index = index

    async def run(self, args: CodebaseMapInput) -> ToolResult:
        try:
            under = index_scope(self._files, args.under)
        except OutsideWorkspaceError as error:
            return ToolResult(str(error), is_error=True)
        snapshot = await fresh_snapshot(self._index)
        parts = [] if under else [render_package_map(package_map(snapshot), max_packages=30), ""]
        parts.append(render_codebase_map(snapshot, under, max_files=args.max_files))
        return ToolResult("\n".join(parts), data={"files": len(snapshot.files)})


class DependencyGraphInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    level: Literal["package", "file"] = Field("package", description="Edges between packages (folders) or files.")
    focus: str = Field("", description="Keep only the edges touching this folder or file (virtual or relative).")


class DependencyGraphTool(Tool[DependencyGraphInput]):
    name: ClassVar[str] = "dependency_graph"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Imports between the project's packages (or files), as `importer -> imported (count)`, with the cycles "
        "between packages, the external packages and the standard-library modules used."
    )
    Input = DependencyGraphInput

    def __init__(self, files: Files, index: CodeIndex) -> None:
        self._files = files
        self._index = index

    async def run(self, args: DependencyGraphInput) -> ToolResult:
        try:
            focus = workspace_relative(self._files, args.focus) if args.focus else ""
        except OutsideWorkspaceError as error:
            return ToolResult(str(error), is_error=True)
        graph = build_graph(await fresh_snapshot(self._index))
        text = render_graph(graph, args.level, "" if focus == "." else focus)
        return ToolResult(text, data={"edges": len(graph.package_edges if args.level == "package"
                                                    else graph.file_edges)})


class PackageSummaryInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    package: str = Field(description="The package's folder (virtual path or relative; `.` is the project root).")


class PackageSummaryTool(Tool[PackageSummaryInput]):
    name: ClassVar[str] = "package_summary"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "One package (a folder): its files with their public top-level symbols by qualified name, its symbol "
        "counts by kind, the packages it uses and that use it, and its external imports."
    )
    Input = PackageSummaryInput

    def __init__(self, files: Files, index: CodeIndex) -> None:
        self._files = files
        self._index = index

    async def run(self, args: PackageSummaryInput) -> ToolResult:
        try:
            package = workspace_relative(self._files, args.package)
        except OutsideWorkspaceError as error:
            return ToolResult(str(error), is_error=True)
        snapshot = await fresh_snapshot(self._index)
        summary = summarize_package(snapshot, build_graph(snapshot), package.rstrip("/"))
        if summary is None:
            known = ", ".join(s.package for s in package_map(snapshot)[:15])
            return ToolResult(f"{virtual(package)} holds no indexed file directly; packages: {known}",
                              is_error=True)
        return ToolResult(render_package_summary(summary), data={"files": len(summary.files)})


class CodebaseSearchInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, description="A symbol name, part of one (`parse args`), a dotted tail "
                       "(`Cart.add`), or any text.")
    kind: SymbolKind | None = None
    under: str = Field("", description="A folder to search in.")
    limit: int = Field(20, ge=1, le=100, description="The most symbols, and text lines.")
    text: bool = Field(True, description="Also lines holding the query as text.")


class CodebaseSearchTool(Tool[CodebaseSearchInput]):
    name: ClassVar[str] = "codebase_search"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Search the indexed code, the latest edits included: matching symbols with kind and line range, then "
        "lines holding the text and the module-level values they use. Prefer it to grep."
    )
    Input = CodebaseSearchInput

    def __init__(self, files: Files, index: CodeIndex) -> None:
        self._files = files
        self._index = index

    async def run(self, args: CodebaseSearchInput) -> ToolResult:
        try:
            under = index_scope(self._files, args.under)
        except OutsideWorkspaceError as error:
            return ToolResult(str(error), is_error=True)
        snapshot = await fresh_snapshot(self._index)
        symbols = (s for s in snapshot.symbols()
                   if (args.kind is None or s.kind == args.kind)
                   and (not under or s.path == under or s.path.startswith(under + "/")))
        ranked = rank_symbols(args.query, symbols, args.limit)
        hits: list[TextHit] = []
        used: list[TextHit] = []
        if args.text:
            covered = {(r.symbol.path, r.symbol.start_line) for r in ranked}
            found = await self._index.search_text(args.query, limit=args.limit * 3, under=under)
            hits = rank_text_hits(args.query, found, covered, args.limit)
            used = await self._lines_of(names_used(hits, snapshot, covered))
        named = files_named(args.query, (entry for entry in snapshot if not under or entry.path == under
                                         or entry.path.startswith(under + "/")))
        data = {"symbols": [r.symbol.qualified_name for r in ranked], "text_hits": len(hits),
                "files": [entry.path for entry in named]}
        return ToolResult(render_search(args.query, ranked, hits, named, used), data=data)

    async def _lines_of(self, symbols: list[Symbol]) -> list[TextHit]:
        """The first line of each definition as the file holds it now, counted by line feeds as the index
        counts them; a line no longer naming the symbol (the file changed since) or a file gone is left out."""
        lines: list[TextHit] = []
        texts: dict[str, list[str] | None] = {}
        for symbol in symbols:
            if symbol.path not in texts:
                try:
                    texts[symbol.path] = split_lines(await self._files.read_text(virtual(symbol.path)))
                except (FilesError, OSError, UnicodeDecodeError):
                    texts[symbol.path] = None
            text = texts[symbol.path] or []
            line = text[symbol.start_line - 1] if 0 < symbol.start_line <= len(text) else ""
            if symbol.name in line:
                lines.append(TextHit(symbol.path, symbol.start_line, line))
        return lines
