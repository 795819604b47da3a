"""goto_definition and find_references: Python semantics through the CodeNavigation port.

The place is a file and a line with the name written on it (or its column), or a symbol's qualified name
alone, which the index turns into the line of its definition. The file's text comes through the Files
port, so an editor's unsaved buffer is what is analysed."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.code_index.answers import Location
from orkeon_engine.domain.code_index.render import render_locations
from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.code_navigation import CodeNavigation, CodeNavigationError
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.code_paths import OutsideWorkspaceError, virtual, workspace_relative
from orkeon_engine.tools.index_tools import fresh_snapshot
from orkeon_engine.tools.shaping import gate_paths


class PlaceInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str = Field("", description="The Python file (virtual path under /workspace, or relative to it).")
    line: int | None = Field(None, ge=1, description="The line the name is on, counting from 1.")
    name: str = Field("", description="The name as written on that line; its first occurrence is used.")
    column: int | None = Field(None, ge=1, description="Instead of name: the column of the name, from 1.")
    symbol: str = Field("", description="Instead of path and line: a symbol's qualified name "
                        "(`shop.models.Cart.add`), located through the code index.")


class PlaceError(Exception):
    """A place that cannot be used; the message says what to pass."""


class _NavigationTool(Tool[PlaceInput]):
    tool_class: ClassVar[ToolClass] = "read"
    Input = PlaceInput
    what: ClassVar[str]

    def __init__(self, files: Files, index: CodeIndex, navigation: CodeNavigation) -> None:
        self._files = files
        self._index = index
        self._navigation = navigation

    async def describe(self, args: PlaceInput) -> ToolCall:
        paths = gate_paths(self._files, args.path) if args.path else ()
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=paths)

    async def run(self, args: PlaceInput) -> ToolResult:
        try:
            relative, text, line, column = await self._place(args)
            found = await self._ask(relative, text, line, column)
        except (PlaceError, CodeNavigationError, OutsideWorkspaceError, FilesError) as error:
            return ToolResult(str(error), is_error=True)
        data = {"locations": [{"path": loc.path, "line": loc.line, "column": loc.column} for loc in found]}
        return ToolResult(render_locations(self.what, found), data=data)

    async def _ask(self, relative: str, text: str, line: int, column: int) -> list[Location]:
        raise NotImplementedError

    async def _place(self, args: PlaceInput) -> tuple[str, str, int, int]:
        if args.symbol and not args.path:
            return await self._symbol_place(args.symbol)
        if not args.path or args.line is None:
            raise PlaceError("give path and line (with name or column), or symbol (a qualified name) alone")
        relative = workspace_relative(self._files, args.path)
        text = await self._files.read_text(virtual(relative))
        lines = text.split("\n")
        if args.line > len(lines):
            raise PlaceError(f"{relative} has {len(lines)} lines; line {args.line} is past its end")
        if args.column is not None:
            return relative, text, args.line, args.column
        if not args.name:
            raise PlaceError("give the name as written on the line, or its column")
        found = lines[args.line - 1].find(args.name)
        if found == -1:
            raise PlaceError(f"{relative}:{args.line} does not hold {args.name!r}: "
                             f"{lines[args.line - 1].strip()[:120]!r}")
        return relative, text, args.line, found + 1

    async def _symbol_place(self, qualified: str) -> tuple[str, str, int, int]:
        snapshot = await fresh_snapshot(self._index)
        matches = [s for s in snapshot.symbols() if s.qualified_name == qualified.strip()]
        python = [s for s in matches if s.path.endswith((".py", ".pyi"))]
        if not python:
            raise PlaceError(f"no Python symbol of the index is named {qualified!r}; codebase_search finds names")
        symbol = python[0]
        text = await self._files.read_text(virtual(symbol.path))
        lines = text.split("\n")
        for number in range(symbol.start_line, min(symbol.end_line, len(lines)) + 1):
            column = _name_column(lines[number - 1], symbol.name)
            if column:
                return symbol.path, text, number, column
        raise PlaceError(f"{symbol.path}:{symbol.start_line}: the definition of {symbol.name} was not found "
                         "on its lines; the file changed since it was indexed")


def _name_column(line: str, name: str) -> int:
    for keyword in ("def ", "class ", "async def "):
        found = line.find(keyword + name)
        if found != -1:
            return found + len(keyword) + 1
    stripped = line.lstrip()
    if stripped.startswith(name):
        return len(line) - len(stripped) + 1
    return 0


class GotoDefinitionTool(_NavigationTool):
    name: ClassVar[str] = "goto_definition"
    what: ClassVar[str] = "definitions"
    description: ClassVar[str] = (
        "Where a Python name is defined (following imports), from the language's semantics: give the file, "
        "the line and the name written on it. Definitions outside the project are named with their module."
    )

    async def _ask(self, relative: str, text: str, line: int, column: int) -> list[Location]:
        return await self._navigation.goto_definition(relative, text, line, column)


class FindReferencesTool(_NavigationTool):
    name: ClassVar[str] = "find_references"
    what: ClassVar[str] = "references"
    description: ClassVar[str] = (
        "Every place of the project that uses a Python name (its definition included), from the language's "
        "semantics: give the file, the line and the name, or the symbol's qualified name alone."
    )

    async def _ask(self, relative: str, text: str, line: int, column: int) -> list[Location]:
        return await self._navigation.find_references(relative, text, line, column)
