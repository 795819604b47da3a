"""A batch's verdict (`verdicts/F<n>.md`): what the audit (dev-verify) found in a delivered batch, written by
code, and read back by /dev-batches (its GAPS correction), the editor (its rows as diagnostics) and /dev-learn
(its untreated rows, one axis at a time).

The checks are code's own table (the gate and the capture): each axis it settles is `ok`, a `gap` (carried
into the rows by code) or `not checked` (left to the auditor, who decides it or says why it cannot). Every row
has a severity, an axis, what it cites (a `path:line`, or a capture file) and whether /dev-learn has treated
it. One Blocking or Major row makes the verdict GAPS; none makes it VALID; an audit that could not judge is
BLOCKED with its reason. Eight rows at most, the most severe first; what was left out is recorded with why.

    # Verdict F1 of cart-save: GAPS

    Batch: Save a cart
    Auditor: c2 dev-auditor
    Summary: 1 Blocking, 0 Major, 1 Minor

    ## 1. Checks

    - build · ok · `make build` passed · .orkeon/work/cart-save/capture/F1/build.txt
    - tests · ok · `python -m pytest tests/test_saved.py` passed · .orkeon/work/cart-save/capture/F1/tests.txt
    - conventions · not checked · no check of code's reads the project's conventions · —

    ## 2. Rows

    ### V1 · Blocking · code
    A restored cart loses its lines.
    - Cites: shop/saved.py:12
    - Treated: no

    ## 3. Undecided

    - conventions: the project states none

    ## 4. Dropped

    _None._
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from orkeon_engine.domain.dev.sections import (
    DevFileError,
    bullets,
    entries,
    entry_heading,
    first_plain_line,
    key_values,
    one_line,
    render_bullets,
    render_section,
    require_section,
    split_sections,
)

VerdictName = Literal["VALID", "GAPS", "BLOCKED"]
RowSeverity = Literal["Blocking", "Major", "Minor"]
ROW_SEVERITIES: tuple[RowSeverity, ...] = get_args(RowSeverity)
SEVERITY_MEANINGS: dict[RowSeverity, str] = {
    "Blocking": "the batch does not do what its sheet promises, or breaks what worked: a failing build or test, "
                "a step not delivered, data lost or a wrong result",
    "Major": "the batch works but leaves a real gap the next change will pay for: a behaviour no test proves, "
             "an error path unhandled, an existing helper written again, a file the sheet does not name",
    "Minor": "worth fixing, never worth stopping the batch: a name, a message, a small duplication, a comment",
}
"""Each severity, defined (the auditor's prompt states them; code ranks by them)."""
Axis = Literal["build", "tests", "suite", "sheet", "scope", "code", "reuse", "conventions"]
AXES: tuple[Axis, ...] = get_args(Axis)
AXIS_MEANINGS: dict[Axis, str] = {
    "build": "the project's build (or type check) passes",
    "tests": "the batch's own tests pass",
    "suite": "the project's whole test suite passes",
    "sheet": "every step of the sheet is delivered, each test it names exists",
    "scope": "the batch changes only what its sheet anchors, and its tests",
    "code": "the delivered code does what its steps say, its errors handled",
    "reuse": "what the project already offers is used, not written again",
    "conventions": "the project's stated conventions and instructions are followed",
}
"""What each axis judges; /dev-learn sorts rows one axis at a time."""
CheckState = Literal["ok", "gap", "not checked"]
CHECK_STATES: tuple[CheckState, ...] = get_args(CheckState)
MAX_ROWS = 8
VERDICTS_FOLDER = "verdicts"
CAPTURE_FOLDER = "capture"
NO_CAPTURE = "—"

_TITLE = re.compile(r"^# Verdict (F[1-9]\d*) of ([A-Za-z0-9_-]+): (VALID|GAPS|BLOCKED)$")
_ROW_HEADING = re.compile(r"^V\d+ · (Blocking|Major|Minor) · ([a-z]+)$")
_CHECK = re.compile(r"^([a-z]+) · (ok|gap|not checked) · (.*) · (\S+)$")
_UNDECIDED = re.compile(r"^([a-z]+): (.*)$")
SECTION_TITLES: dict[int, str] = {1: "Checks", 2: "Rows", 3: "Undecided", 4: "Dropped"}


def verdict_file(batch: str) -> str:
    """Where a batch's verdict is written, under its work's folder (`verdicts/F2.md`)."""
    return f"{VERDICTS_FOLDER}/{batch}.md"


def capture_file(batch: str, name: str) -> str:
    """Where one capture of a batch's audit is written, under its work's folder (`capture/F2/suite.txt`)."""
    return f"{CAPTURE_FOLDER}/{batch}/{name}.txt"


@dataclass(frozen=True)
class Check:
    """One line of code's table: an axis, how code settled it, what it saw, and the capture file that shows
    it (`capture/F2/build.txt`, or — when none)."""

    axis: Axis
    state: CheckState
    detail: str
    capture: str = NO_CAPTURE


@dataclass(frozen=True)
class VerdictRow:
    """One gap: how grave, on which axis, what it cites, what it says, and whether /dev-learn treated it."""

    severity: RowSeverity
    axis: Axis
    cites: str
    text: str
    treated: bool = False


@dataclass(frozen=True)
class Undecided:
    """An axis the auditor could not decide, and why."""

    axis: Axis
    reason: str


@dataclass(frozen=True)
class Verdict:
    """verdicts/F<n>.md."""

    code: str
    batch: str
    verdict: VerdictName
    title: str = ""
    auditor: str = ""
    checks: tuple[Check, ...] = ()
    rows: tuple[VerdictRow, ...] = ()
    undecided: tuple[Undecided, ...] = ()
    dropped: tuple[str, ...] = ()
    reason: str = ""
    """Why the audit could not judge (BLOCKED)."""

    @property
    def correction(self) -> tuple[VerdictRow, ...]:
        """The rows a relaunch must settle: the Blocking and Major ones."""
        return tuple(row for row in self.rows if row.severity != "Minor")

    def counts(self) -> str:
        """`1 Blocking, 0 Major, 2 Minor`."""
        return ", ".join(f"{sum(1 for row in self.rows if row.severity == s)} {s}" for s in ROW_SEVERITIES)

    def summary(self) -> str:
        """The verdict in one line, as the person reads it."""
        if self.verdict == "BLOCKED":
            return f"audit of {self.batch} BLOCKED: {self.reason}"
        return f"audit of {self.batch} {self.verdict}: {self.counts()}"


def judged(rows: Sequence[VerdictRow]) -> VerdictName:
    """GAPS when one row is Blocking or Major, else VALID."""
    return "GAPS" if any(row.severity != "Minor" for row in rows) else "VALID"


def ranked(rows: Sequence[VerdictRow]) -> tuple[tuple[VerdictRow, ...], tuple[str, ...]]:
    """The rows kept, the most severe first (in their order within a severity), eight at most; and each row
    left out, with why."""
    ordered = sorted(rows, key=lambda row: ROW_SEVERITIES.index(row.severity))
    left = tuple(f"beyond the {MAX_ROWS} most severe: {row.severity} · {row.axis} · {row.text}"
                 for row in ordered[MAX_ROWS:])
    return tuple(ordered[:MAX_ROWS]), left


def mark_treated(verdict: Verdict, numbers: Sequence[int]) -> Verdict:
    """The verdict with its rows V<n> (1-based) marked treated."""
    wanted = set(numbers)
    rows = tuple(dataclasses.replace(row, treated=True) if index in wanted else row
                 for index, row in enumerate(verdict.rows, 1))
    return dataclasses.replace(verdict, rows=rows)


# --- cites ------------------------------------------------------------------------------------------------

_PATH_LINE = re.compile(r"^(?:/workspace/|\./)?(?P<path>[^\s:]+):(?P<line>\d+)(?:-(?P<end>\d+))?$")


@dataclass(frozen=True)
class CiteScope:
    """What a cite is checked against: the line count of each project file that exists (workspace-relative;
    a file absent from it does not exist) and the batch's capture files by name and full path."""

    lengths: Mapping[str, int]
    """Capture files included, by their workspace-relative path."""
    captures: Mapping[str, str]
    """`suite.txt`, `capture/F2/suite.txt` and the full path → the capture file's workspace-relative path."""


def cited_path(raw: str) -> str | None:
    """The workspace-relative file a `path:line` cite names (None: no such cite, or a path leaving the
    workspace)."""
    found = _PATH_LINE.match(one_line(raw).strip("`"))
    if found is None:
        return None
    path = found.group("path")
    if path.startswith("/") or ".." in path.split("/") or "\\" in path:
        return None
    return path


def check_cite(raw: str, scope: CiteScope) -> tuple[str | None, str]:
    """The cite as recorded, or None with why: neither a path:line nor a capture file, a file that does not
    exist, a line past its end."""
    text = one_line(raw).strip("`")
    capture = scope.captures.get(text)
    if capture is not None:
        return capture, ""
    found = _PATH_LINE.match(text)
    if found is None:
        return None, f"cite {text or '(none)'} is neither a path:line nor a capture file"
    path = cited_path(text)
    if path is None:
        return None, f"cite {text} leaves the workspace"
    path = scope.captures.get(path, path)
    line, end = int(found.group("line")), int(found.group("end") or found.group("line"))
    if path not in scope.lengths:
        return None, f"cite {path}:{line} names a file that does not exist"
    length = scope.lengths[path]
    past = next((number for number in (line, end) if not 1 <= number <= length), None)
    if past is not None or end < line:
        return None, f"cite {path}:{past or end} is past the end of {path} ({length} lines)"
    return f"{path}:{line}" + (f"-{end}" if end != line else ""), ""


# --- verdicts/F<n>.md -------------------------------------------------------------------------------------


def render_verdict(verdict: Verdict) -> str:
    lines = [f"# Verdict {verdict.batch} of {verdict.code}: {verdict.verdict}", ""]
    if verdict.title:
        lines.append(f"Batch: {verdict.title}")
    if verdict.auditor:
        lines.append(f"Auditor: {verdict.auditor}")
    lines.append(f"Reason: {verdict.reason}" if verdict.verdict == "BLOCKED" else f"Summary: {verdict.counts()}")
    lines.append("")
    bodies: dict[int, list[str]] = {
        1: render_bullets([f"{c.axis} · {c.state} · {c.detail} · {c.capture}" for c in verdict.checks]),
        2: _row_lines(verdict.rows),
        3: render_bullets([f"{u.axis}: {u.reason}" for u in verdict.undecided]),
        4: render_bullets(verdict.dropped),
    }
    for number, title in SECTION_TITLES.items():
        lines += render_section(number, title, bodies[number])
    return "\n".join(lines).rstrip("\n") + "\n"


def _row_lines(rows: Sequence[VerdictRow]) -> list[str]:
    lines: list[str] = []
    for number, row in enumerate(rows, 1):
        lines += [entry_heading(f"V{number} · {row.severity} · {row.axis}"), row.text, f"- Cites: {row.cites}",
                  f"- Treated: {'yes' if row.treated else 'no'}", ""]
    return lines[:-1]


def parse_verdict(text: str, file: str = "verdict.md") -> Verdict:
    """The verdict a file holds; DevFileError naming the file and what is wrong when it does not read as one."""
    head, sections = split_sections(text, file)
    title = next((found for line in head if (found := _TITLE.match(line.strip()))), None)
    if title is None:
        raise DevFileError(f"{file}: it does not open with `# Verdict F<n> of <code>: VALID|GAPS|BLOCKED`")
    values = {key: value.strip() for line in head if ": " in line for key, _, value in [line.partition(": ")]}
    name: VerdictName = title.group(3)  # type: ignore[assignment]  # the pattern allows the three names only
    if name == "BLOCKED" and not values.get("Reason"):
        raise DevFileError(f"{file}: a BLOCKED verdict has no `Reason:` line")
    body = {number: require_section(sections, number, section, file).lines
            for number, section in SECTION_TITLES.items()}
    verdict = Verdict(title.group(2), title.group(1), name, values.get("Batch", ""), values.get("Auditor", ""),
                      tuple(_parsed_check(item, file) for item in bullets(body[1])),
                      tuple(_parsed_row(heading, lines, file) for heading, lines in entries(body[2])),
                      tuple(_parsed_undecided(item, file) for item in bullets(body[3])),
                      bullets(body[4]), values.get("Reason", "") if name == "BLOCKED" else "")
    if name != "BLOCKED" and judged(verdict.rows) != name:
        raise DevFileError(f"{file}: it reads {name} but its rows make it {judged(verdict.rows)}")
    return verdict


def _axis(text: str, file: str, where: str) -> Axis:
    if text not in AXES:
        raise DevFileError(f"{file}: {where} names the axis {text!r}; expected one of {', '.join(AXES)}")
    return text  # type: ignore[return-value]  # checked against AXES above


def _parsed_check(item: str, file: str) -> Check:
    found = _CHECK.match(item)
    if found is None:
        raise DevFileError(f"{file}: `- {item}` is no `- <axis> · ok|gap|not checked · <what> · <capture>` line")
    state: CheckState = found.group(2)  # type: ignore[assignment]  # the pattern allows the three states only
    return Check(_axis(found.group(1), file, f"`- {item}`"), state, found.group(3), found.group(4))


def _parsed_row(heading: str, body: Sequence[str], file: str) -> VerdictRow:
    found = _ROW_HEADING.match(heading)
    if found is None:
        raise DevFileError(f"{file}: `### {heading}` is no `### V<n> · Blocking|Major|Minor · <axis>` heading")
    values = key_values(body)
    treated = values.get("Treated", "no")
    if treated not in ("yes", "no"):
        raise DevFileError(f"{file}: `### {heading}` says `Treated: {treated}`; expected yes or no")
    severity: RowSeverity = found.group(1)  # type: ignore[assignment]  # the pattern allows the three only
    return VerdictRow(severity, _axis(found.group(2), file, f"`### {heading}`"), values.get("Cites", ""),
                      first_plain_line(body), treated == "yes")


def _parsed_undecided(item: str, file: str) -> Undecided:
    found = _UNDECIDED.match(item)
    if found is None:
        raise DevFileError(f"{file}: `- {item}` is no `- <axis>: <why it is undecided>` line")
    return Undecided(_axis(found.group(1), file, f"`- {item}`"), found.group(2))


def clean_row(row: VerdictRow) -> VerdictRow:
    """A row with its texts made one line each (as every row is before it is written)."""
    return dataclasses.replace(row, text=one_line(row.text), cites=one_line(row.cites))
