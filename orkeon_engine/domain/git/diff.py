"""Unified diffs: parse them with new-file line numbers, render them numbered for a prompt, cut to a budget.

`parse_diff` reads what `git diff` prints (and plain `---`/`+++` diffs) and never raises: a line it does not
understand is skipped. `render_numbered` writes the diff the way the review prompt shows it, each added and
context line led by its line number in the new file, and cuts it to a character budget, saying what it left
out so the prompt and the result can tell the model and the person that the diff was cut.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

LineKind = Literal["added", "removed", "context"]
FileStatus = Literal["added", "deleted", "modified", "renamed"]

_HUNK_HEADER = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$")
_GIT_HEADER = re.compile(r"^diff --git (\"?a/.+?\"?) (\"?b/.+\"?)$")
_MARKERS: dict[LineKind, str] = {"added": "+", "removed": "-", "context": " "}


@dataclass(frozen=True)
class DiffLine:
    """One line of a hunk: its kind, its text (without the marker), and its numbers in the old and new file."""

    kind: LineKind
    text: str
    old_number: int | None
    new_number: int | None


@dataclass(frozen=True)
class Hunk:
    """One `@@` block: where it starts in the old and new file, the header's trailing text, and its lines."""

    old_start: int
    new_start: int
    heading: str
    lines: tuple[DiffLine, ...]

    @cached_property
    def new_end(self) -> int:
        """The last new-file line number the hunk covers (its start less one when it adds nothing)."""
        numbers = [line.new_number for line in self.lines if line.new_number is not None]
        return max(numbers) if numbers else self.new_start - 1

    def added(self) -> tuple[DiffLine, ...]:
        return tuple(line for line in self.lines if line.kind == "added")

    @cached_property
    def pointable(self) -> tuple[DiffLine, ...]:
        """The lines a finding may point at: the added ones and, where lines were only removed (a dropped
        guard, a dropped call), the line that now stands in their place: the next one of the new file, or the
        one before it when the removal ends the hunk."""
        out: list[DiffLine] = []
        for index, line in enumerate(self.lines):
            if line.kind == "added":
                out.append(line)
            elif line.kind == "removed" and not self._replaced(index):
                stand_in = self._stand_in(index)
                if stand_in is not None and stand_in not in out:
                    out.append(stand_in)
        return tuple(sorted(out, key=lambda line: line.new_number or 0))

    def _replaced(self, index: int) -> bool:
        """Whether the run of removed lines holding `index` is followed by added lines (a replacement)."""
        rest = self.lines[index:]
        after = next((line for line in rest if line.kind != "removed"), None)
        return after is not None and after.kind == "added"

    def _stand_in(self, index: int) -> DiffLine | None:
        after = next((line for line in self.lines[index:] if line.kind == "context"), None)
        if after is not None:
            return after
        return next((line for line in reversed(self.lines[:index]) if line.kind != "removed"), None)

    @cached_property
    def replaced_runs(self) -> tuple[tuple[tuple[DiffLine, ...], tuple[DiffLine, ...]], ...]:
        """Each run of removed lines with the run of lines added right after it (empty when none was)."""
        runs: list[tuple[tuple[DiffLine, ...], tuple[DiffLine, ...]]] = []
        lines = self.lines
        index = 0
        while index < len(lines):
            if lines[index].kind != "removed":
                index += 1
                continue
            removed_end = next((i for i in range(index, len(lines)) if lines[i].kind != "removed"), len(lines))
            added_end = next((i for i in range(removed_end, len(lines)) if lines[i].kind != "added"), len(lines))
            runs.append((lines[index:removed_end], lines[removed_end:added_end]))
            index = added_end
        return tuple(runs)

    @cached_property
    def removed_places(self) -> tuple[tuple[DiffLine, DiffLine], ...]:
        """Each removed line with the pointable line a finding on it is judged at: the first line added in its
        place, or (nothing added there) the line that stands in for the removal."""
        places: list[tuple[DiffLine, DiffLine]] = []
        for removed, added in self.replaced_runs:
            place = added[0] if added else self._stand_in(self.lines.index(removed[0]))
            if place is not None:
                places.extend((line, place) for line in removed)
        return tuple(places)

    def covers_old(self, old_number: int) -> bool:
        """Whether the hunk's lines of the old file include `old_number`."""
        numbers = [line.old_number for line in self.lines if line.old_number is not None]
        return bool(numbers) and min(numbers) <= old_number <= max(numbers)

    @cached_property
    def folded_pointable(self) -> tuple[tuple[DiffLine, str], ...]:
        """The pointable lines with their text whitespace-folded, computed once (anchoring searches them)."""
        return tuple((line, " ".join(line.text.split())) for line in self.pointable)

    def covers(self, new_number: int) -> bool:
        return self.new_start <= new_number <= max(self.new_end, self.new_start)


@dataclass(frozen=True)
class FileDiff:
    """The changes to one file: its new path (the old one for a deletion), its old path, status and hunks."""

    path: str
    old_path: str
    status: FileStatus
    hunks: tuple[Hunk, ...]
    binary: bool = False

    def added_line(self, new_number: int) -> DiffLine | None:
        return self._added_by_number.get(new_number)

    @cached_property
    def _added_by_number(self) -> dict[int, DiffLine]:
        return {line.new_number: line for hunk in self.hunks for line in hunk.lines
                if line.kind == "added" and line.new_number is not None}

    def pointable_line(self, new_number: int) -> DiffLine | None:
        """The line numbered `new_number` when a finding may point at it (Hunk.pointable)."""
        return self._pointable_by_number.get(new_number)

    @cached_property
    def _pointable_by_number(self) -> dict[int, DiffLine]:
        return {line.new_number: line for hunk in self.hunks for line in hunk.pointable
                if line.new_number is not None}

    @property
    def reviewable(self) -> bool:
        """Whether a finding could point at a line of it (a deleted file, a change of mode or a binary file
        has none: Hunk.pointable)."""
        return any(hunk.pointable for hunk in self.hunks)

    def hunk_at(self, new_number: int) -> Hunk | None:
        for hunk in self.hunks:
            if hunk.covers(new_number):
                return hunk
        return None

    def hunk_at_old(self, old_number: int) -> Hunk | None:
        """The hunk whose old-file lines include `old_number` (a line a removal took out is numbered there)."""
        return next((hunk for hunk in self.hunks if hunk.covers_old(old_number)), None)


@dataclass(frozen=True)
class Diff:
    """A parsed diff: its files in the order the diff lists them."""

    files: tuple[FileDiff, ...]

    def file(self, path: str) -> FileDiff | None:
        for wanted in (path, normalise_path(path)):
            for candidate in self.files:
                if candidate.path == wanted:
                    return candidate
        return None

    @property
    def paths(self) -> tuple[str, ...]:
        return tuple(f.path for f in self.files)

    def line_count(self) -> int:
        return sum(len(h.lines) for f in self.files for h in f.hunks)

    def is_empty(self) -> bool:
        return not self.files


def normalise_path(path: str) -> str:
    """A diff or model path as the diff names it: no `./`, no `a/`/`b/` prefix, forward slashes."""
    text = path.strip().replace("\\", "/")
    text = text.removeprefix("/workspace/")
    while text.startswith("./"):
        text = text[2:]
    if text.startswith(("a/", "b/")) and len(text) > 2:
        text = text[2:]
    return text


def parse_diff(text: str) -> Diff:
    """Every file of a unified diff; text that is not a diff gives a diff with no files."""
    parser = _Parser()
    for raw in text.split("\n"):
        parser.feed(raw.removesuffix("\r"))
    return Diff(tuple(parser.finish()))


class _Parser:
    """A line-at-a-time reader of unified diffs: file headers, hunk headers, then hunk bodies by their counts."""

    def __init__(self) -> None:
        self.files: list[FileDiff] = []
        self._reset_file()
        self._in_file = False
        self._old_left = 0
        self._new_left = 0
        self._hunk: _OpenHunk | None = None

    def _reset_file(self) -> None:
        self.old_path = ""
        self.new_path = ""
        self.status: FileStatus = "modified"
        self.binary = False
        self.hunks: list[Hunk] = []
        self._saw_old_header = False

    def feed(self, line: str) -> None:
        if self._hunk is not None and (self._old_left > 0 or self._new_left > 0) and self._body(line):
            return
        self._close_hunk()
        git = _GIT_HEADER.match(line)
        if git:
            self._close_file()
            self._in_file = True
            self.old_path = _unquote(git.group(1))[2:]
            self.new_path = _unquote(git.group(2))[2:]
            return
        if line.startswith("--- "):
            if not self._in_file or self.hunks or self._saw_old_header:
                self._close_file()
                self._in_file = True
            self._saw_old_header = True
            path = _header_path(line[4:])
            if path is None:
                self.status = "added"
            else:
                self.old_path = path
            return
        if line.startswith("+++ ") and self._in_file and not self.hunks:
            path = _header_path(line[4:])
            if path is None:
                self.status = "deleted"
            else:
                self.new_path = path
            return
        if not self._in_file:
            return
        header = _HUNK_HEADER.match(line)
        if header:
            old_start, old_count, new_start, new_count, heading = header.groups()
            self._old_left = 1 if old_count is None else int(old_count)
            self._new_left = 1 if new_count is None else int(new_count)
            self._hunk = _OpenHunk(int(old_start), int(new_start), heading.strip())
            return
        self._file_meta(line)

    def _file_meta(self, line: str) -> None:
        if line.startswith("new file mode"):
            self.status = "added"
        elif line.startswith("deleted file mode"):
            self.status = "deleted"
        elif line.startswith("rename from "):
            self.old_path = line[len("rename from "):].strip()
            self.status = "renamed"
        elif line.startswith("rename to "):
            self.new_path = line[len("rename to "):].strip()
            self.status = "renamed"
        elif line.startswith("Binary files ") or line.startswith("GIT binary patch"):
            self.binary = True

    def _body(self, line: str) -> bool:
        """Take one line of the open hunk's body; False when the line is not part of it."""
        hunk = self._hunk
        assert hunk is not None
        marker, text = (line[:1], line[1:]) if line else (" ", "")
        if marker == "\\":
            return True
        if marker == "+" and self._new_left > 0:
            hunk.lines.append(DiffLine("added", text, None, hunk.next_new))
            hunk.next_new += 1
            self._new_left -= 1
        elif marker == "-" and self._old_left > 0:
            hunk.lines.append(DiffLine("removed", text, hunk.next_old, None))
            hunk.next_old += 1
            self._old_left -= 1
        elif marker == " " and self._old_left > 0 and self._new_left > 0:
            hunk.lines.append(DiffLine("context", text, hunk.next_old, hunk.next_new))
            hunk.next_old += 1
            hunk.next_new += 1
            self._old_left -= 1
            self._new_left -= 1
        else:
            return False
        return True

    def _close_hunk(self) -> None:
        if self._hunk is not None:
            self.hunks.append(self._hunk.freeze())
            self._hunk = None
            self._old_left = self._new_left = 0

    def _close_file(self) -> None:
        self._close_hunk()
        if self._in_file and (self.new_path or self.old_path):
            path = self.old_path if self.status == "deleted" else (self.new_path or self.old_path)
            if self.status == "modified" and self.old_path and self.new_path and self.old_path != self.new_path:
                self.status = "renamed"
            self.files.append(FileDiff(path, self.old_path or path, self.status, tuple(self.hunks), self.binary))
        self._in_file = False
        self._reset_file()

    def finish(self) -> list[FileDiff]:
        self._close_file()
        return self.files


class _OpenHunk:
    def __init__(self, old_start: int, new_start: int, heading: str) -> None:
        self.old_start = old_start
        self.new_start = new_start
        self.heading = heading
        self.next_old = old_start if old_start > 0 else 1
        self.next_new = new_start if new_start > 0 else 1
        self.lines: list[DiffLine] = []

    def freeze(self) -> Hunk:
        return Hunk(self.old_start, self.new_start, self.heading, tuple(self.lines))


def _header_path(rest: str) -> str | None:
    """The path of a `---`/`+++` line, or None for /dev/null; a tab and what follows (a date) are dropped."""
    path = _unquote(rest.split("\t", 1)[0].rstrip())
    if path == "/dev/null":
        return None
    if path.startswith(("a/", "b/")):
        return path[2:]
    return path


def _unquote(text: str) -> str:
    """A path git printed in C quotes ("a/na\\303\\257ve.py") back to its text."""
    if not (len(text) >= 2 and text.startswith('"') and text.endswith('"')):
        return text
    body = text[1:-1]
    out = bytearray()
    index = 0
    escapes = {"n": b"\n", "t": b"\t", '"': b'"', "\\": b"\\", "a": b"\a", "b": b"\b", "f": b"\f",
               "r": b"\r", "v": b"\v"}
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            following = body[index + 1]
            octal = body[index + 1:index + 4]
            if len(octal) == 3 and all(c in "01234567" for c in octal):
                out.append(int(octal, 8) & 0xFF)
                index += 4
                continue
            out.extend(escapes.get(following, following.encode("utf-8")))
            index += 2
            continue
        out.extend(char.encode("utf-8"))
        index += 1
    return out.decode("utf-8", errors="replace")


@dataclass(frozen=True)
class RenderedDiff:
    """The numbered diff as the prompt shows it, and what the budget left out."""

    text: str
    cut: bool
    lines_left_out: int
    files_left_out: tuple[str, ...]
    files_shown: tuple[str, ...]
    kinds: Mapping[str, str] = field(default_factory=dict, compare=False)
    """What each file is when it is not hand-written source (generated, vendored, lock, minified)."""

    def cut_note(self) -> str:
        """One sentence saying what was left out, or "" when the whole diff is shown."""
        if not self.cut:
            return ""
        note = f"the diff was cut to fit the budget: {self.lines_left_out} diff lines were left out"
        if self.files_left_out:
            named = [f"{path} ({kind})" if kind != "source" else path for path, kind in self.left_out_kinds()]
            note += f", and these files are not shown at all: {', '.join(named)}"
        return note

    def left_out_kinds(self) -> tuple[tuple[str, str], ...]:
        """Each file not shown at all, with what it is (`source` when nothing else)."""
        return tuple((path, self.kinds.get(path, "source")) for path in self.files_left_out)


def render_file_header(file: FileDiff, kind: str = "source") -> str:
    label = file.status if file.old_path == file.path else f"renamed from {file.old_path}"
    suffix = ", binary" if file.binary else ""
    what = f", {kind}" if kind != "source" else ""
    return f"=== {file.path} ({label}{suffix}{what})"


def render_line(line: DiffLine) -> str:
    number = "" if line.new_number is None else str(line.new_number)
    return f"{number:>6} {_MARKERS[line.kind]} {line.text}"


def render_numbered(diff: Diff, budget_chars: int, kinds: Mapping[str, str] | None = None) -> RenderedDiff:
    """The diff with new-file numbers, cut once the next line would pass `budget_chars` characters; `kinds`
    names the files that are not hand-written (their header says so, and so does the cut note)."""
    kinds = kinds or {}
    out: list[str] = []
    used = 0
    left_out = 0
    shown: list[str] = []
    not_shown: list[str] = []
    full = False
    for file in diff.files:
        pieces = [render_file_header(file, kinds.get(file.path, "source"))]
        for hunk in file.hunks:
            pieces.append(f"@@ new line {hunk.new_start} @@ {hunk.heading}".rstrip())
            pieces.extend(render_line(line) for line in hunk.lines)
        if full:
            not_shown.append(file.path)
            left_out += sum(len(h.lines) for h in file.hunks)
            continue
        taken = 0
        for piece in pieces:
            cost = len(piece) + 1
            if used + cost > budget_chars:
                full = True
                break
            out.append(piece)
            used += cost
            taken += 1
        if not any(not piece.startswith(("===", "@@")) for piece in pieces[:taken]) and full:
            for piece in pieces[:taken]:  # headers alone show nothing of the file: take them back
                used -= len(piece) + 1
            del out[len(out) - taken:]
            taken = 0
        if taken == 0:
            not_shown.append(file.path)
        else:
            shown.append(file.path)
        if full:
            left_out += sum(1 for piece in pieces[taken:] if not piece.startswith(("===", "@@")))
    cut = left_out > 0 or bool(not_shown)
    return RenderedDiff("\n".join(out), cut, left_out, tuple(not_shown), tuple(shown), dict(kinds))
