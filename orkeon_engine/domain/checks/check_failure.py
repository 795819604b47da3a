"""The part of a failed check's output a model needs to fix the failure: the failing tests' names, the
assertion or error, and the traceback frames inside the project, cut to a few dozen lines.

A check's output is read as text, whatever printed it. A frame is located by its location line: pytest's
`path:12: in name` (the frame's source follows it) or `path:12: Error` (closing a frame whose source came
first), or Python's `File "path", line 12, in name`. A frame inside the project (a path relative to the
folder the check ran in, or under it, and in no installed-packages folder) keeps its location, the failing
line (`>`) and its source; a frame outside it (the standard library, site-packages, node_modules) keeps
only its error lines (`E ...`), and a note says how many frames were left out. pytest's sections are read
when present: the FAILURES and ERRORS sections and the short summary, not the progress dots; any other
output keeps its last lines, the lines naming a path outside the project left out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

MAX_LINES = 60
MAX_LINE_CHARS = 300
MAX_TESTS = 3
"""How many failing tests are shown in full; the summary names the others."""
MAX_FRAME_LINES = 10
OUTSIDE_MARKS = ("site-packages/", "dist-packages/", "node_modules/", "/lib/python", "/.venv/", "/venv/",
                 "/usr/lib/", "/usr/local/lib/", "<frozen ", "<string>")

_SHORT_LOCATION = re.compile(r"^(?P<path>[^\s:][^:]*?\.\w+):(?P<line>\d+): in \S")
_LONG_LOCATION = re.compile(r"^(?P<path>[^\s:][^:]*?\.\w+):(?P<line>\d+):(?: (?P<error>\w[\w.]*)?)?\s*$")
_FILE_LOCATION = re.compile(r'^\s*File "(?P<path>[^"]+)", line (?P<line>\d+)')
_SECTION = re.compile(r"^=+ (?P<name>.+?) =+$")
_TEST_HEADER = re.compile(r"^_{3,} (?P<name>.+?) _{3,}$")
_ENTRY_BREAK = re.compile(r"^(_ ){5,}_?\s*$")
_CARETS = re.compile(r"^\s*[\^~]+\s*$")
_PATH_IN_LINE = re.compile(r"(?:^|[\s(\"'])(?P<path>/[^\s:)\"']+|[\w.-]+/[^\s:)\"']+)")


@dataclass(frozen=True)
class _Frame:
    lines: tuple[str, ...]
    path: str | None


def trim_failure(output: str, root: str = "") -> str:
    """The failure in `output` as the model reads it (`root`: the host folder the check ran in, so an
    absolute path under it counts as the project's)."""
    lines = [_cut(line) for line in output.replace("\r\n", "\n").split("\n")]
    sections = _pytest_sections(lines)
    if not sections:
        kept = _plain(lines, root)
    else:
        kept = []
        for name, body in sections:
            kept.extend(_summary(body) if "short test summary" in name else _failures(body, root))
        kept.extend(line for line in lines[-2:] if _is_count_line(line) and line not in kept)
    return _capped([line for line in kept if line is not None]).strip("\n")


def inside_project(path: str, root: str = "") -> bool:
    """Whether a frame's path is the project's: relative (to the folder the check ran in) or under `root`,
    and in no installed-packages or interpreter folder."""
    cleaned = path.strip()
    if not cleaned or any(mark in f"/{cleaned}" for mark in OUTSIDE_MARKS):
        return False
    if cleaned.startswith("/"):
        base = root.rstrip("/")
        return bool(base) and cleaned.startswith(base + "/")
    return not cleaned.startswith(("<", "~"))


def _cut(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + " [...]"


def _pytest_sections(lines: Sequence[str]) -> list[tuple[str, list[str]]]:
    """pytest's `=== NAME ===` sections that matter (FAILURES, ERRORS, the short summary), each with its lines."""
    found: list[tuple[str, list[str]]] = []
    current: list[str] | None = None
    for line in lines:
        match = _SECTION.match(line.strip())
        if match:
            name = match.group("name").lower()
            current = [] if name in ("failures", "errors") or "short test summary" in name else None
            if current is not None:
                found.append((name, current))
            continue
        if current is not None:
            current.append(line)
    return found


def _failures(body: Sequence[str], root: str) -> list[str]:
    """The failing tests of a FAILURES or ERRORS section: each test's name and its trimmed frames."""
    tests: list[tuple[str, list[str]]] = []
    for line in body:
        header = _TEST_HEADER.match(line.strip())
        if header:
            tests.append((header.group("name"), []))
        elif tests:
            tests[-1][1].append(line)
        else:
            tests.append(("", [line]))
    kept: list[str] = []
    for name, test_lines in tests[:MAX_TESTS]:
        if name:
            kept.append(f"--- {name}")
        kept.extend(_frames_text(test_lines, root))
    if len(tests) > MAX_TESTS:
        kept.append(f"[{len(tests) - MAX_TESTS} more failing tests left out: the summary below names them]")
    return kept


def _frames_text(lines: Sequence[str], root: str) -> list[str]:
    kept: list[str] = []
    left_out = 0
    for frame in _frames(lines):
        if frame.path is None:
            kept.extend(line for line in frame.lines if line.strip() and not _CARETS.match(line))
        elif inside_project(frame.path, root):
            kept.extend(_inside_lines(frame.lines))
        else:
            left_out += 1
            kept.extend(line for line in frame.lines if _is_error_line(line))
    if left_out:
        kept.append(f"[{left_out} frame{'' if left_out == 1 else 's'} outside the project left out]")
    return kept


def _frames(lines: Sequence[str]) -> list[_Frame]:
    """The frames of one failing test: its entries (pytest separates them with `_ _ _` lines), each one frame
    closed by a location line (pytest's long style) or frames opened by location lines (the short style,
    Python's own traceback)."""
    frames: list[_Frame] = []
    entry: list[str] = []
    for line in [*lines, "_ _ _ _ _ _"]:
        if _ENTRY_BREAK.match(line):
            frames.extend(_entry_frames(entry))
            entry = []
        else:
            entry.append(line)
    return frames


def _entry_frames(entry: Sequence[str]) -> list[_Frame]:
    """The frames of one entry: a long-style location closes the lines before it (when no short-style frame
    is open); a short-style location opens a frame of the lines after it."""
    frames: list[_Frame] = []
    current: list[str] = []
    path: str | None = None
    for line in (line for line in entry if line.strip()):
        opened = _SHORT_LOCATION.match(line) or _FILE_LOCATION.match(line)
        closing = None if opened else _LONG_LOCATION.match(line)
        if opened:
            if current:
                frames.append(_Frame(tuple(current), path))
            current, path = [line], opened.group("path")
        elif closing:
            if path is None:
                frames.append(_Frame((*current, line), closing.group("path")))
            else:
                frames.extend([_Frame(tuple(current), path), _Frame((line,), closing.group("path"))])
            current, path = [], None
        elif path is not None and not _is_error_line(line) and not line.startswith((" ", "\t")):
            frames.append(_Frame(tuple(current), path))  # the traceback's own text after its last frame
            current, path = [line], None
        else:
            current.append(line)
    if current:
        frames.append(_Frame(tuple(current), path))
    return frames


def _inside_lines(lines: Sequence[str]) -> list[str]:
    """A project frame: in the short style (its location first) its location and source; in pytest's long
    style (the whole function, then its location) the failing line, the error lines and the location."""
    opened = bool(lines) and bool(_SHORT_LOCATION.match(lines[0]) or _FILE_LOCATION.match(lines[0]))
    if opened or not any(line.startswith(">") or _is_error_line(line) for line in lines):
        chosen = [line for line in lines if not _CARETS.match(line)]
    else:
        chosen = [line for line in lines if line.startswith(">") or _is_error_line(line) or line is lines[-1]]
    if len(chosen) > MAX_FRAME_LINES:
        chosen = [*chosen[:MAX_FRAME_LINES - 1], "[...]"]
    return chosen


def _is_error_line(line: str) -> bool:
    return line.startswith("E ") or line == "E"


def _summary(body: Sequence[str]) -> list[str]:
    return [line for line in body if line.startswith(("FAILED ", "ERROR "))][:12]


def _is_count_line(line: str) -> bool:
    return bool(re.match(r"^=*\s*\d+ (failed|error|errors|passed)\b", line.strip()))


def _plain(lines: Sequence[str], root: str) -> list[str]:
    """Output no pytest section holds: a Python traceback trimmed by its frames, else the last lines without
    those naming a path outside the project."""
    if any(_FILE_LOCATION.match(line) for line in lines):
        return _frames_text([line for line in lines if line.strip()], root)[-MAX_LINES:]
    kept = [line for line in lines if line.strip() and not _names_outside_path(line, root)]
    return kept[-MAX_LINES:]


def _names_outside_path(line: str, root: str) -> bool:
    paths = [match.group("path") for match in _PATH_IN_LINE.finditer(line)]
    return bool(paths) and all(not inside_project(path, root) for path in paths) \
        and any(mark in f"/{path}" for path in paths for mark in OUTSIDE_MARKS)


def _capped(lines: list[str]) -> str:
    if len(lines) <= MAX_LINES:
        return "\n".join(lines)
    return "\n".join([*lines[:MAX_LINES - 1], f"[{len(lines) - MAX_LINES + 1} more lines left out]"])
