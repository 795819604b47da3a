"""file_edit: replace one exact snippet of a file with new text, the rest of the file untouched.

The edit most models get right: copy the lines to change as file_read showed them (without their numbers),
give their new text. The snippet must occur once (or `replace_all` says every occurrence); when it does not
occur as written, the same lines with their indentation and trailing spaces ignored are looked for, and the
new text takes the file's indentation, since small models often shift a block by a few spaces. What cannot
be placed is an error naming why (not found, found N times), the file unchanged; a snippet not found comes
back with the file (a short one whole, else the lines closest to it), so the model copies from what is there.
"""

from __future__ import annotations

import difflib
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.tool_call import FileEdit, ToolCall, ToolClass, ToolResult
from orkeon_engine.domain.tools.file_lines import numbered
from orkeon_engine.domain.tools.snippet_place import place
from orkeon_engine.domain.tools.syntax_guard import WHOLE_CHANGE, SyntaxGuard
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.file_read import found_elsewhere
from orkeon_engine.tools.file_write import short_diff
from orkeon_engine.tools.shaping import gate_paths, plural, write_or_problem

SHOWN_WHOLE_LINES = 80
"""A file this short is shown whole when a snippet is not in it: the model copies from what it sees."""
AROUND = 5


class FileEditInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    path: str
    old: str = Field(min_length=1, description="Copied from the file, without file_read's line numbers.")
    new: str = Field(description="Its replacement; empty deletes it.")
    replace_all: bool = False


def where_to_look(text: str, old: str) -> str:
    """What to copy from instead, for a snippet not in the file: the whole file, numbered, when it has at most
    SHOWN_WHOLE_LINES lines; else the lines around the one closest to the snippet's first line; else ""."""
    lines = text.split("\n")
    if len(lines) <= SHOWN_WHOLE_LINES:
        return "\nThe file as it is now:\n" + numbered(lines, 1)
    first = next((line.strip() for line in old.split("\n") if line.strip()), "")
    stripped = [line.strip() for line in lines]
    close = difflib.get_close_matches(first, stripped, n=1, cutoff=0.5)
    if not close:
        return ""
    at = stripped.index(close[0])
    start = max(0, at - AROUND)
    return "\nThe closest lines in the file:\n" + numbered(lines[start:at + AROUND + 1], start + 1)


class FileEditTool(Tool[FileEditInput]):
    name: ClassVar[str] = "file_edit"
    tool_class: ClassVar[ToolClass] = "edit"
    description: ClassVar[str] = (
        "Replace the exact text `old` in a file with `new`. `old` must occur once: include a line or two around "
        "the change."
    )
    Input = FileEditInput

    def __init__(self, files: Files) -> None:
        self._files = files
        self._guard = SyntaxGuard()

    async def describe(self, args: FileEditInput) -> ToolCall:
        paths = gate_paths(self._files, args.path)
        path = paths[0]
        try:
            old = await self._files.read_text(path)
        except FilesError:
            return ToolCall(self.name, self.tool_class, args.model_dump(), paths=paths)
        placed = place(old, args.old, args.new, args.replace_all)
        if placed.text is None:
            return ToolCall(self.name, self.tool_class, args.model_dump(), paths=paths)
        return ToolCall(self.name, self.tool_class, args.model_dump(), paths=paths,
                        preview=short_diff(path, old, placed.text), edit=FileEdit(path, old, placed.text))

    async def run(self, args: FileEditInput) -> ToolResult:
        try:
            path = self._files.resolve(args.path)
            text = await self._files.read_text(path)
        except FilesError as error:
            return ToolResult(str(error) + await found_elsewhere(self._files, error), is_error=True)
        placed = place(text, args.old, args.new, args.replace_all)
        if placed.text is None:
            shown = where_to_look(text, args.old) if placed.count == 0 else ""
            return ToolResult(f"{path} is unchanged: {placed.problem}{shown}", is_error=True, data={"path": path})
        broken = self._guard.problem(path, text, placed.text)
        if broken is not None:
            return ToolResult(f"{path} is unchanged: {broken}\n{WHOLE_CHANGE}", is_error=True, data={"path": path})
        problem = await write_or_problem(self._files, path, placed.text)
        if problem is not None:
            return problem
        diff = short_diff(path, text, placed.text)
        return ToolResult(f"edited {path} ({plural(placed.count, 'place')}):\n{diff}",
                          data={"path": path, "replaced": placed.count})
