"""The change brief (`brief.md`): a bug, a performance problem or a change of behaviour, facts first, in
nine numbered sections; no design.

    # Change brief login-crash: The login page crashes on an empty password

    Kind: bug
    Status: READY — no open question

    ## 1. Request            the person's words
    ## 2. Facts              what the code does today, stated
    ## 3. Reproduction       (bug) the command run, its exit code and output; Measurement (perf); Current behaviour
    ## 4. Expected           what should happen instead
    ## 5. Criteria           `### CH1`, the criterion, `- Proof:` how it is shown
    ## 6. Must not change    `- <behaviour> — pinned by <test>` or `— unpinned`
    ## 7. Out of scope
    ## 8. Open questions     (questions.py)
    ## 9. Decisions          (questions.py)

The run of section 3 is code's record of a command it ran: the command, how it ended, its duration and
its output (fenced by more backquotes than the output holds in a row).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

from orkeon_engine.domain.dev.questions import (
    QuestionBook,
    parse_decisions,
    parse_questions,
    render_decisions,
    render_questions,
    status_line,
)
from orkeon_engine.domain.dev.sections import (
    DevFileError,
    Section,
    bullets,
    entries,
    entry_heading,
    first_plain_line,
    key_values,
    render_bullets,
    render_section,
    require_section,
    split_sections,
)

ChangeKind = Literal["bug", "perf", "behaviour"]
CHANGE_KINDS: tuple[ChangeKind, ...] = get_args(ChangeKind)
RUN_TITLES: dict[ChangeKind, str] = {"bug": "Reproduction", "perf": "Measurement", "behaviour": "Current behaviour"}
BRIEF_TITLES: dict[int, str] = {
    1: "Request", 2: "Facts", 3: "", 4: "Expected", 5: "Criteria", 6: "Must not change", 7: "Out of scope",
    8: "Open questions", 9: "Decisions",
}
QUESTIONS_SECTION = 8
DECISIONS_SECTION = 9
UNPINNED = "unpinned"
_PINNED = " — pinned by "
_UNPINNED = f" — {UNPINNED}"
_TITLE = re.compile(r"^# Change brief ([A-Za-z0-9_-]+): (.+)$")
_CRITERION = re.compile(r"^CH\d+$")
_KIND_NAMES: dict[str, ChangeKind] = {kind: kind for kind in CHANGE_KINDS}
_RESULT = re.compile(r"^Result: (?:exit code (-?\d+)|timed out) after (\d+)\.(\d{3}) s$")
_FENCE = re.compile(r"^(`{3,})text$")


@dataclass(frozen=True)
class RunRecord:
    """A command code ran for the brief: its line, its exit code (None: it timed out), how long it took and
    its output (as the shell gave it, head and tail kept when long)."""

    command: str
    exit_code: int | None
    milliseconds: int
    output: str = ""

    @property
    def failed(self) -> bool:
        return self.exit_code is None or self.exit_code != 0


def clean_output(text: str) -> str:
    """A command's output as a brief keeps it: line ends made `\n`, no NUL, no trailing blank lines."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "").rstrip("\n")


@dataclass(frozen=True)
class Criterion:
    """CH<n>: what must hold once the change is made, and what shows it."""

    id: str
    statement: str
    proof: str


@dataclass(frozen=True)
class Guard:
    """A behaviour the change must not alter, and the existing test that pins it (None: unpinned)."""

    behaviour: str
    test: str | None = None


@dataclass(frozen=True)
class ChangeBrief:
    code: str
    kind: ChangeKind
    title: str
    request: str
    facts: tuple[str, ...] = ()
    current: tuple[str, ...] = ()
    """How it behaves today, in sentences (section 3, above the run)."""
    run: RunRecord | None = None
    expected: tuple[str, ...] = ()
    criteria: tuple[Criterion, ...] = ()
    must_not_change: tuple[Guard, ...] = ()
    out_of_scope: tuple[str, ...] = ()
    questions: QuestionBook = field(default_factory=QuestionBook)

    def ids(self) -> tuple[str, ...]:
        """What a review question may target: the brief itself, or one criterion."""
        return ("brief", *(criterion.id for criterion in self.criteria))


def render_brief(brief: ChangeBrief) -> str:
    lines = [f"# Change brief {brief.code}: {brief.title}", "", f"Kind: {brief.kind}", status_line(brief.questions),
             ""]
    bodies: dict[int, list[str]] = {
        1: [brief.request] if brief.request else [],
        2: render_bullets(brief.facts),
        3: [*render_bullets(brief.current), *([""] if brief.current and brief.run else []), *_run_lines(brief.run)],
        4: render_bullets(brief.expected),
        5: _criteria_lines(brief.criteria),
        6: render_bullets([_guard_text(guard) for guard in brief.must_not_change]),
        7: render_bullets(brief.out_of_scope),
        8: render_questions(brief.questions.open),
        9: render_decisions(brief.questions.decided),
    }
    for number, title in BRIEF_TITLES.items():
        lines += render_section(number, title or RUN_TITLES[brief.kind], bodies[number])
    return "\n".join(lines).rstrip("\n") + "\n"


def _run_lines(run: RunRecord | None) -> list[str]:
    if run is None:
        return []
    seconds = f"{run.milliseconds // 1000}.{run.milliseconds % 1000:03d} s"
    ended = f"exit code {run.exit_code}" if run.exit_code is not None else "timed out"
    fence = "`" * max(3, _longest_backquote_run(run.output) + 1)
    body = run.output.split("\n") if run.output else []
    return [f"Command: `{run.command}`", f"Result: {ended} after {seconds}", "", f"{fence}text", *body, fence]


def _longest_backquote_run(text: str) -> int:
    return max((len(found) for found in re.findall(r"`+", text)), default=0)


def _criteria_lines(criteria: Sequence[Criterion]) -> list[str]:
    lines: list[str] = []
    for criterion in criteria:
        lines += [entry_heading(criterion.id), criterion.statement, f"- Proof: {criterion.proof}", ""]
    return lines[:-1]


def _guard_text(guard: Guard) -> str:
    return guard.behaviour + (f"{_PINNED}{guard.test}" if guard.test else _UNPINNED)


def parse_brief(text: str, file: str = "brief.md") -> ChangeBrief:
    """The change brief a file holds; DevFileError naming the file and what is wrong when it does not read as one."""
    head, sections = split_sections(text, file)
    title = next((found for line in head if (found := _TITLE.match(line.strip()))), None)
    if title is None:
        raise DevFileError(f"{file}: it does not open with `# Change brief <code>: <title>`")
    kind_line = next((line.strip()[len("Kind: "):] for line in head if line.strip().startswith("Kind: ")), "")
    kind = _KIND_NAMES.get(kind_line)
    if kind is None:
        raise DevFileError(f"{file}: its `Kind:` line names {kind_line!r}; expected {', '.join(CHANGE_KINDS)}")

    def section(number: int) -> Section:
        return require_section(sections, number, BRIEF_TITLES[number] or RUN_TITLES[kind], file)

    current_lines, run = _split_run(section(3).lines, file)
    return ChangeBrief(
        code=title.group(1),
        kind=kind,
        title=title.group(2).strip(),
        request=first_plain_line(section(1).lines),
        facts=bullets(section(2).lines),
        current=bullets(current_lines),
        run=run,
        expected=bullets(section(4).lines),
        criteria=tuple(_criterion(heading, body, file) for heading, body in entries(section(5).lines)),
        must_not_change=tuple(_guard(line, file) for line in bullets(section(6).lines)),
        out_of_scope=bullets(section(7).lines),
        questions=QuestionBook(parse_questions(section(QUESTIONS_SECTION).lines, file),
                               parse_decisions(section(DECISIONS_SECTION).lines, file)),
    )


def _split_run(lines: Sequence[str], file: str) -> tuple[Sequence[str], RunRecord | None]:
    start = next((index for index, line in enumerate(lines) if line.startswith("Command: `")), None)
    if start is None:
        return lines, None
    command_line = lines[start]
    if not command_line.endswith("`") or len(command_line) < len("Command: ``"):
        raise DevFileError(f"{file}: its `Command:` line does not hold the command between backquotes")
    result = _RESULT.match(lines[start + 1]) if start + 1 < len(lines) else None
    if result is None:
        raise DevFileError(f"{file}: the `Command:` line is not followed by `Result: exit code N after S s`")
    output = _fenced(lines[start + 2:], file)
    code = int(result.group(1)) if result.group(1) is not None else None
    milliseconds = int(result.group(2)) * 1000 + int(result.group(3))
    return lines[:start], RunRecord(command_line[len("Command: `"):-1], code, milliseconds, output)


def _fenced(lines: Sequence[str], file: str) -> str:
    opening = next((index for index, line in enumerate(lines) if _FENCE.match(line)), None)
    if opening is None:
        raise DevFileError(f"{file}: the run's output is not fenced (```text ... ```)")
    fence = lines[opening][:-len("text")]
    closing = next((index for index in range(len(lines) - 1, opening, -1) if lines[index] == fence), None)
    if closing is None:
        raise DevFileError(f"{file}: the run's output fence is never closed")
    return "\n".join(lines[opening + 1:closing])


def _criterion(heading: str, body: Sequence[str], file: str) -> Criterion:
    if _CRITERION.match(heading) is None:
        raise DevFileError(f"{file}: `### {heading}` under Criteria is no `### CH<n>` heading")
    return Criterion(heading, first_plain_line(body), key_values(body).get("Proof", ""))


def _guard(line: str, file: str) -> Guard:
    if line.endswith(_UNPINNED):
        return Guard(line[:-len(_UNPINNED)])
    behaviour, found, test = line.rpartition(_PINNED)
    if not found:
        raise DevFileError(f"{file}: `- {line}` under Must not change says neither `— pinned by <test>` nor "
                           f"`— {UNPINNED}`")
    return Guard(behaviour, test)
