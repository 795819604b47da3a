"""file_write: replace a file's whole text (or create it), refused when this run's last read of it was cut."""

from __future__ import annotations

import difflib
from typing import ClassVar

from pydantic import BaseModel, ConfigDict

from orkeon_engine.domain.tool_call import FileEdit, ToolCall, ToolClass, ToolResult
from orkeon_engine.domain.tools.file_lines import split_lines
from orkeon_engine.domain.tools.syntax_guard import WHOLE_CHANGE, SyntaxGuard, is_checked
from orkeon_engine.ports.files import EditRefusedError, Files, FilesError
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.file_read import MAX_LIMIT
from orkeon_engine.tools.read_ledger import ReadLedger, ReadRecord
from orkeon_engine.tools.shaping import gate_paths, plural

PREVIEW_LINES = 40


class FileWriteInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str
    content: str


def short_diff(path: str, old: str | None, new: str, max_lines: int = PREVIEW_LINES) -> str:
    """A unified diff of the change, cut to `max_lines` with a note of how many lines were left out."""
    before = [] if old is None else old.splitlines(keepends=True)
    after = new.splitlines(keepends=True)
    diff = [
        line if line.endswith("\n") else line + "\n"
        for line in difflib.unified_diff(before, after, "/dev/null" if old is None else path, path, n=2)
    ]
    if not diff:
        return "(no change)"
    if len(diff) > max_lines:
        rest = len(diff) - max_lines
        diff = [*diff[:max_lines], f"[... {plural(rest, 'more diff line')}]\n"]
    return "".join(diff).rstrip("\n")


class FileWriteTool(Tool[FileWriteInput]):
    name: ClassVar[str] = "file_write"
    tool_class: ClassVar[ToolClass] = "edit"
    description: ClassVar[str] = (
        "Create a file, or replace its whole text; missing folders are made. Refused for a file whose last read "
        "came back cut: read it whole first."
    )
    Input = FileWriteInput

    def __init__(self, files: Files, ledger: ReadLedger) -> None:
        self._files = files
        self._ledger = ledger
        self._guard = SyntaxGuard()

    async def describe(self, args: FileWriteInput) -> ToolCall:
        paths = gate_paths(self._files, args.path)
        path = paths[0]
        try:
            old: str | None = await self._files.read_text(path) if await self._files.exists(path) else None
        except FilesError:
            old = None
        preview = short_diff(path, old, args.content)
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=paths, preview=preview,
                        edit=FileEdit(path, old, args.content))

    async def _broken(self, path: str, existed: bool, content: str) -> str | None:
        """Why the syntax guard refuses the write (domain/tools/syntax_guard.py), or None; a file it does not
        check is not read, and one that cannot be read as text (binary, too large) is not judged."""
        if not is_checked(path):
            return None
        try:
            before = await self._files.read_text(path) if existed else None
        except FilesError:
            return None
        return self._guard.problem(path, before, content)

    async def run(self, args: FileWriteInput) -> ToolResult:
        try:
            path = self._files.resolve(args.path)
        except FilesError as error:
            return ToolResult(str(error), is_error=True)
        cut = self._ledger.cut_read(path)
        if cut is not None:
            return ToolResult(_cut_refusal(cut), is_error=True)
        try:
            existed = await self._files.exists(path)
            broken = await self._broken(path, existed, args.content)
            if broken is not None:
                return ToolResult(f"{path} was not written: {broken}\n{WHOLE_CHANGE}", is_error=True,
                                  data={"path": path})
            await self._files.write_text(path, args.content)
        except EditRefusedError as error:
            return ToolResult(f"refused: {error}", is_error=True, data={"path": path, "refused": True})
        except FilesError as error:
            return ToolResult(str(error), is_error=True)
        count = len(split_lines(args.content))
        self._ledger.record_write(path, count)
        verb = "replaced" if existed else "created"
        return ToolResult(f"{verb} {path} ({plural(count, 'line')})", data={"path": path, "lines": count})


def _cut_refusal(cut: ReadRecord) -> str:
    seen = f"lines {cut.first_line}-{cut.last_line} of {cut.total_lines:,}"
    why = (
        f"refused: your last file_read of {cut.path} came back cut ({seen}), and file_write replaces the "
        "whole file, so what you did not see would be lost."
    )
    if cut.total_lines <= MAX_LIMIT:
        return (
            f"{why} Read it whole first (offset 1, limit {cut.total_lines}), then write it; a file too long "
            "to come back whole cannot be rewritten with file_write."
        )
    return f"{why} It is too long to read whole in one call, so it cannot be rewritten with file_write."
