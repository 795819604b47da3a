"""file_read: a range of a file's lines, numbered, with a note saying what was left out when it was cut."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.domain.tools.file_lines import split_lines
from orkeon_engine.domain.workspace.virtual_paths import WORKSPACE
from orkeon_engine.ports.files import MISSING, Files, FilesError
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.directory_read import NOT_ENTERED
from orkeon_engine.tools.read_ledger import ReadLedger, ReadRecord
from orkeon_engine.tools.shaping import gate_paths, plural, shorten_line

DEFAULT_LIMIT = 200
MAX_LIMIT = 2000
MAX_READ_CHARS = 60_000
MIN_READ_LINES = 40
"""A shorter range is widened to this many lines from its offset: small models ask for one or two lines (the
1.5B read line 1 of a ten-line settings file, then guessed the port), and forty lines cost little."""
SEARCH_DEPTH = 8
SEARCH_LIMIT = 5_000
"""How far a missing file's name is looked for in /workspace (folders deep, entries listed)."""
MAX_SUGGESTIONS = 5


class FileReadInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str
    offset: int = Field(1, ge=1, description="The first line, from 1.")
    limit: int = Field(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT, description="How many lines, at least 40.")


class FileReadTool(Tool[FileReadInput]):
    name: ClassVar[str] = "file_read"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "A text file's numbered lines from offset; a note says what was left out and where to read on."
    )
    Input = FileReadInput

    def __init__(self, files: Files, ledger: ReadLedger) -> None:
        self._files = files
        self._ledger = ledger

    async def describe(self, args: FileReadInput) -> ToolCall:
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=gate_paths(self._files, args.path))

    async def run(self, args: FileReadInput) -> ToolResult:
        try:
            path = self._files.resolve(args.path)
            text = await self._files.read_text(path)
        except FilesError as error:
            return ToolResult(str(error) + await found_elsewhere(self._files, error), is_error=True)
        lines = split_lines(text)
        total = len(lines)
        if total == 0:
            self._ledger.record_read(ReadRecord(path, 1, 0, 0, cut=False))
            return ToolResult(f"{path} is empty.", data={"path": path, "total_lines": 0, "cut": False})
        if args.offset > total:
            return ToolResult(
                f"{path} has {plural(total, 'line')}; offset {args.offset} is past its end.", is_error=True
            )
        return self._shown(path, lines, args.offset, max(args.limit, MIN_READ_LINES))

    def _shown(self, path: str, lines: list[str], offset: int, limit: int) -> ToolResult:
        total = len(lines)
        width = len(str(min(offset + limit - 1, total)))
        body: list[str] = []
        used = 0
        shortened = 0
        last = offset - 1
        for number in range(offset, min(offset + limit - 1, total) + 1):
            line, was_cut = shorten_line(lines[number - 1])
            if body and used + len(line) > MAX_READ_CHARS:
                break
            body.append(f"{number:>{width}}\t{line}")
            used += len(line) + width + 2
            shortened += was_cut
            last = number
        cut = offset > 1 or last < total or shortened > 0
        self._ledger.record_read(ReadRecord(path, offset, last, total, cut))
        header = f"{path}, lines {offset}-{last} of {total}:" if cut else f"{path} ({plural(total, 'line')}):"
        notes = _cut_notes(offset, last, total, shortened)
        text = "\n".join([header, *body, *notes])
        data = {"path": path, "first_line": offset, "last_line": last, "total_lines": total, "cut": cut}
        return ToolResult(text, data=data)


def _cut_notes(offset: int, last: int, total: int, shortened: int) -> list[str]:
    left_out = (offset - 1) + (total - last)
    if not left_out and not shortened:
        return []
    parts = []
    if left_out:
        parts.append(f"{plural(left_out, 'line')} of {total:,} left out")
        if offset > 1:
            parts.append(f"lines 1-{offset - 1} before this range")
        if last < total:
            parts.append(f"lines {last + 1}-{total} after it: read on with offset {last + 1}")
    if shortened:
        parts.append(f"{plural(shortened, 'long line')} shortened")
    return [f"[cut: {'; '.join(parts)}]"]


async def found_elsewhere(files: Files, error: FilesError) -> str:
    """For a file that does not exist, where files of its name are in the workspace (a model that guessed
    the folder wrong reads the right one next), or that none is (SEARCH_DEPTH folders deep); "" for any
    other refusal, or when the workspace has more entries than are listed."""
    if error.reason != MISSING or not error.path.startswith(WORKSPACE + "/"):
        return ""
    name = PurePosixPath(error.path).name.lower()
    try:
        entries = await files.list_dir(WORKSPACE, SEARCH_DEPTH, SEARCH_LIMIT, NOT_ENTERED)
    except FilesError:
        return ""
    found = [entry.path for entry in entries if not entry.is_dir and PurePosixPath(entry.path).name.lower() == name]
    if not found and len(entries) >= SEARCH_LIMIT:
        return ""  # the listing was cut: a file of that name may be in the part not listed
    if not found:
        return f". No file named {PurePosixPath(error.path).name} is in /workspace (directory_read lists a folder)."
    shown = ", ".join(found[:MAX_SUGGESTIONS]) + (", ..." if len(found) > MAX_SUGGESTIONS else "")
    return f". A file of that name is at: {shown}"
