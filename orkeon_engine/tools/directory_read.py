"""directory_read: a bounded tree of a folder (depth and entry count capped, heavy folders not entered)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.ports.files import DirEntry, Files, FilesError
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.shaping import gate_paths, human_size

DEFAULT_DEPTH = 2
MAX_DEPTH = 6
DEFAULT_ENTRIES = 200
MAX_ENTRIES = 1000
NOT_ENTERED = frozenset(
    {".git", "node_modules", "__pycache__", ".venv", "venv", ".mypy_cache", ".pytest_cache", ".ruff_cache",
     ".tox", ".hypothesis"}
)


class DirectoryReadInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str = "/workspace"
    depth: int = Field(DEFAULT_DEPTH, ge=1, le=MAX_DEPTH)
    max_entries: int = Field(DEFAULT_ENTRIES, ge=1, le=MAX_ENTRIES)


def render_tree(root: str, entries: list[DirEntry]) -> list[str]:
    """The entries as an indented tree under `root`, folders marked with a slash, files with their size."""
    prefix = root.rstrip("/") + "/"
    rows: list[tuple[tuple[str, ...], str]] = []
    for entry in entries:
        parts = tuple(entry.path[len(prefix):].split("/"))
        name = parts[-1]
        if entry.is_dir:
            label = f"{name}/ (not entered)" if name in NOT_ENTERED else f"{name}/"
        else:
            label = f"{name}  {human_size(entry.size)}"
        rows.append((parts, "  " * (len(parts) - 1) + label))
    return [line for _, line in sorted(rows)]


class DirectoryReadTool(Tool[DirectoryReadInput]):
    name: ClassVar[str] = "directory_read"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "A folder as a tree: sub-folders to depth, files with sizes, the shallow first; a note says what was "
        "left out. .git, node_modules, .venv and caches are not entered."
    )
    Input = DirectoryReadInput

    def __init__(self, files: Files) -> None:
        self._files = files

    async def describe(self, args: DirectoryReadInput) -> ToolCall:
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=gate_paths(self._files, args.path))

    async def run(self, args: DirectoryReadInput) -> ToolResult:
        try:
            root = self._files.resolve(args.path)
            entries = await self._files.list_dir(root, args.depth, args.max_entries + 1, NOT_ENTERED)
        except FilesError as error:
            return ToolResult(str(error), is_error=True)
        cut = len(entries) > args.max_entries
        shown = entries[: args.max_entries]
        lines = [f"{root}/" if shown else f"{root}/ is empty", *render_tree(root, shown)]
        if cut:
            lines.append(
                f"[cut at {args.max_entries} entries; more were left out: ask for a sub-folder or less depth]"
            )
        return ToolResult("\n".join(lines), data={"path": root, "entries": len(shown), "cut": cut})
