"""Result shaping shared by the tools: paths in the gate's terms, long lines shortened, sizes in words."""

from __future__ import annotations

from collections.abc import Iterable

from orkeon_engine.domain.tool_call import ToolResult
from orkeon_engine.ports.files import EditRefusedError, Files, FilesError

MAX_LINE_CHARS = 2000
NOT_A_PLAIN_NAME = "*?[$`~"


def gate_paths(files: Files, path: str) -> tuple[str, ...]:
    """The paths the gate should see for one path: the resolved one, and what a symlink on the way leads to
    when it differs (a link to `.env` is read as `.env`), so a rule on either name applies."""
    resolved = gate_path(files, path)
    try:
        real = files.real_path(path)
    except FilesError:
        return (resolved,)
    return tuple(dict.fromkeys((resolved, real)))


def link_targets(files: Files | None, names: Iterable[str]) -> tuple[str, ...]:
    """What the files a command names lead to through a symlink, as virtual paths (`notes.txt`, a link to
    `.env`, is read as `/workspace/.env`), so a path rule on the target applies to the shell too."""
    if files is None:
        return ()
    found: list[str] = []
    for name in names:
        if not name or any(c in name for c in NOT_A_PLAIN_NAME):
            continue
        try:
            resolved, real = files.resolve(name), files.real_path(name)
        except FilesError:
            continue
        if real != resolved:
            found.append(real)
    return tuple(dict.fromkeys(found))


def gate_path(files: Files, path: str) -> str:
    """The virtual path the gate should see: resolved when it can be, else as the model wrote it (the
    call then fails in `run` with the reason)."""
    try:
        return files.resolve(path)
    except FilesError:
        return path


def shorten_line(line: str, limit: int = MAX_LINE_CHARS) -> tuple[str, bool]:
    """The line cut to `limit` characters with a note of how many were left out; and whether it was cut."""
    if len(line) <= limit:
        return line, False
    return f"{line[:limit]} [... {len(line) - limit:,} more characters on this line]", True


def human_size(size: int) -> str:
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def cut_text(text: str, limit: int, hint: str = "ask for less") -> tuple[str, bool]:
    """The text cut to `limit` characters with a closing note of how many were left out; and whether it was."""
    if len(text) <= limit:
        return text, False
    return f"{text[:limit]}\n[... {len(text) - limit:,} more characters left out: {hint}]", True


async def write_or_problem(files: Files, path: str, text: str) -> ToolResult | None:
    """Write an edit tool's result: None when written, else the error result (an editor's refusal, marked
    `refused`, or the Files error)."""
    try:
        await files.write_text(path, text)
    except EditRefusedError as error:
        return ToolResult(f"refused: {error}", is_error=True, data={"path": path, "refused": True})
    except FilesError as error:
        return ToolResult(str(error), is_error=True)
    return None
