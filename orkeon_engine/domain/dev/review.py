"""The read-only review of a spec or a change brief: what the dev-reviewer's answer is read into, and
`review.md`, the record code writes of it.

The reviewer answers with findings, each one sentence ending in a question a yes, a no or a choice among
listed options settles, citing a `path:line` it opened (or the reviewed file itself) or a section of the
file (`§5`), Blocking or Major, targeting the file or one of its ids. Code keeps what holds: a target is
folded to the one id it names (`UC2 (step 3)` is UC2; a target naming two ids, or an id the file does not
have, drops the finding), a cite the reviewer never opened drops it, so does a question that is not one
sentence ending in `?` or a severity that is neither. Blocking comes first, then Major, twelve at most;
what was dropped is recorded with its reason. No finding is a CLEAR review.

    # Review of cart-save (spec.md)

    Reviewer: c3 dev-reviewer
    Verdict: FINDINGS — 1 Blocking, 0 Major

    ## Findings

    ### R1 · Blocking · UC2
    Is a saved cart kept for thirty days, ninety days or until the shopper empties it?
    - Cites: §5

    ## Dropped

    - target UC2, BR1 names two ids: Which rule holds?
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from orkeon_engine.domain.dev.sections import (
    DevFileError,
    bullets,
    entries,
    entry_heading,
    first_plain_line,
    heading_index,
    key_values,
    one_line,
    render_bullets,
)
from orkeon_engine.domain.model_replies.model_json import json_candidate

FindingSeverity = Literal["Blocking", "Major"]
FINDING_SEVERITIES: tuple[FindingSeverity, ...] = get_args(FindingSeverity)
MAX_FINDINGS = 12
MAX_QUESTION_CHARS = 400
OPENING_TOOLS = frozenset({"file_read", "node_read", "node_outline", "goto_definition", "find_references"})
"""The reviewer's tools whose `path` is a file it opened."""
Verdict = Literal["CLEAR", "FINDINGS", "NOT RUN"]

_ID = re.compile(r"\b([A-Za-z]{1,3}\d+)\b")
_SECTION_CITE = re.compile(r"(?:§|\bsection\s+)\s*(\d+)", re.IGNORECASE)
_PATH_CITE = re.compile(r"^(?:/workspace/|\./)?(?P<path>[^\s:#]+(?: [^\s:#]+)*)(?::|#L|:L)(?P<line>\d+)(?:[-–]\d+)?$")
_SENTENCE_BREAK = re.compile(r"[.!?]\s+[A-Z]")
_FINDING_HEADING = re.compile(r"^(R\d+) · (\w+) · (\S+)$")
_VERDICT = re.compile(r"^Verdict: (CLEAR|FINDINGS|NOT RUN)(?: — (.*))?$")
_TITLE = re.compile(r"^# Review of ([A-Za-z0-9_-]+) \((.+)\)$")
_SEVERITY_NAMES: dict[str, FindingSeverity] = {severity.lower(): severity for severity in FINDING_SEVERITIES}


@dataclass(frozen=True)
class ReviewFinding:
    """One question the author left open: how heavy, what it targets (an id, or the file), what it cites."""

    severity: FindingSeverity
    target: str
    question: str
    cites: str


@dataclass(frozen=True)
class ReviewRecord:
    """review.md: the review of one work file, who ran it, what stands and what was dropped, or why it did not
    run (`failure`)."""

    code: str
    file: str
    reviewer: str
    findings: tuple[ReviewFinding, ...] = ()
    dropped: tuple[str, ...] = ()
    failure: str = ""

    @property
    def verdict(self) -> Verdict:
        if self.failure:
            return "NOT RUN"
        return "FINDINGS" if self.findings else "CLEAR"

    def counts(self) -> str:
        """`1 Blocking, 2 Major`."""
        return ", ".join(f"{sum(1 for f in self.findings if f.severity == s)} {s}" for s in FINDING_SEVERITIES)

    def summary(self) -> str:
        """The verdict in one line, as the person reads it."""
        if self.failure:
            return f"review not run ({self.failure})"
        if not self.findings:
            return "review CLEAR: no question left open"
        return f"review: {len(self.findings)} question{'s' if len(self.findings) != 1 else ''} ({self.counts()})"


@dataclass(frozen=True)
class ReviewScope:
    """What a reviewer's answer is checked against: the reviewed file (workspace-relative) and its length,
    its section numbers and ids, its own name for itself (`spec`, `brief`), and what the reviewer opened."""

    file: str
    lines: int
    sections: frozenset[int]
    ids: tuple[str, ...]
    whole: str
    opened: frozenset[str] = frozenset()
    lengths: Mapping[str, int] = field(default_factory=dict)
    """The line count of each file opened, when known (a cite past its end is dropped)."""


@dataclass(frozen=True)
class ReadReview:
    """The findings that stand, in order, and why each other one was dropped."""

    findings: tuple[ReviewFinding, ...]
    dropped: tuple[str, ...]


def opened_paths(calls: Iterable[tuple[str, Mapping[str, Any]]]) -> frozenset[str]:
    """The workspace-relative files the reviewer's calls (tool name, arguments) opened."""
    found = set()
    for name, arguments in calls:
        path = arguments.get("path") if name in OPENING_TOOLS else None
        if isinstance(path, str) and path.strip():
            found.add(_relative(path.strip()))
    return frozenset(found)


def _relative(path: str) -> str:
    for prefix in ("/workspace/", "./"):
        path = path.removeprefix(prefix)
    return path.lstrip("/")


def read_review_answer(text: str, scope: ReviewScope) -> ReadReview | None:
    """The reviewer's answer read against `scope`; None when it holds no JSON findings list at all."""
    items = _items(text)
    if items is None:
        return None
    kept: list[ReviewFinding] = []
    dropped: list[str] = []
    for item in items:
        finding, problem = _finding(item, scope)
        if finding is not None:
            kept.append(finding)
        else:
            dropped.append(problem)
    ranked = sorted(kept, key=lambda f: FINDING_SEVERITIES.index(f.severity))
    dropped += [f"beyond the {MAX_FINDINGS} heaviest: {f.question}" for f in ranked[MAX_FINDINGS:]]
    return ReadReview(tuple(ranked[:MAX_FINDINGS]), tuple(dropped))


def _items(text: str) -> list[Any] | None:
    try:
        value = json.loads(json_candidate(text))
    except (ValueError, RecursionError):
        return None
    if isinstance(value, dict):
        value = value.get("findings")
    return value if isinstance(value, list) else None


def _finding(item: Any, scope: ReviewScope) -> tuple[ReviewFinding | None, str]:
    if not isinstance(item, dict):
        return None, f"not an object: {one_line(str(item))[:80]}"
    question = one_line(_text(item.get("question")))
    severity = _SEVERITY_NAMES.get(one_line(_text(item.get("severity"))).lower())
    if severity is None:
        return None, f"severity {_text(item.get('severity'))!r} is neither Blocking nor Major: {question}"
    problem = question_problem(question)
    if problem:
        return None, f"{problem}: {question or '(empty)'}"
    target, why = fold_target(_text(item.get("target")), scope)
    if target is None:
        return None, f"{why}: {question}"
    cites, why = check_cite(_text(item.get("cites") or item.get("cite")), scope)
    if cites is None:
        return None, f"{why}: {question}"
    return ReviewFinding(severity, target, question, cites), ""


def _text(value: Any) -> str:
    return value if isinstance(value, str) else "" if value is None else str(value)


def question_problem(question: str) -> str:
    """Why a finding's text is no one-sentence question ("" when it is one)."""
    if not question.endswith("?"):
        return "it does not end in a question"
    if len(question) > MAX_QUESTION_CHARS:
        return f"it is over {MAX_QUESTION_CHARS} characters"
    if _SENTENCE_BREAK.search(question[:-1]):
        return "it is more than one sentence"
    return ""


def fold_target(raw: str, scope: ReviewScope) -> tuple[str | None, str]:
    """The one id a target names (or the file itself), or None with why."""
    named = list(dict.fromkeys(found.upper() for found in _ID.findall(raw)))
    if len(named) > 1:
        return None, f"target {one_line(raw)} names {len(named)} ids"
    if named:
        return (named[0], "") if named[0] in scope.ids else (None, f"target {named[0]} is no id of {scope.file}")
    if scope.whole in raw.lower():
        return scope.whole, ""
    return None, f"target {one_line(raw) or '(none)'} names no id of {scope.file}"


def check_cite(raw: str, scope: ReviewScope) -> tuple[str | None, str]:
    """The cite as recorded (`path:line` or `§N`), or None with why: a section the file lacks, a line past
    its end, a file the reviewer never opened."""
    text = one_line(raw).strip("`")
    found = _PATH_CITE.match(text)
    if found is None:
        section = _SECTION_CITE.search(text)
        if section is None:
            return None, f"cite {text or '(none)'} is neither path:line nor a section"
        number = int(section.group(1))
        return (f"§{number}", "") if number in scope.sections else (None, f"{scope.file} has no section {number}")
    path, line = _relative(found.group("path")), int(found.group("line"))
    if path in (scope.file, scope.file.rpartition("/")[2]):
        if not 1 <= line <= scope.lines:
            return None, f"{scope.file} has no line {line}"
        return f"{scope.file}:{line}", ""
    if path not in scope.opened:
        return None, f"cite {path}:{line} is a file the reviewer did not open"
    if not 1 <= line <= scope.lengths.get(path, line):
        return None, f"{path} has no line {line}"
    return f"{path}:{line}", ""


# --- review.md --------------------------------------------------------------------------------------------


def render_review(record: ReviewRecord) -> str:
    verdict = record.verdict
    detail = record.failure if record.failure else record.counts() if record.findings else ""
    lines = [f"# Review of {record.code} ({record.file})", "", f"Reviewer: {record.reviewer}",
             f"Verdict: {verdict}" + (f" — {detail}" if detail else ""), "", "## Findings", ""]
    if not record.findings:
        lines.append("_None._")
    for number, finding in enumerate(record.findings, 1):
        lines += [entry_heading(f"R{number} · {finding.severity} · {finding.target}"), finding.question,
                  f"- Cites: {finding.cites}", ""]
    if record.findings:
        lines.pop()
    lines += ["", "## Dropped", "", *(render_bullets(record.dropped) or ["_None._"])]
    return "\n".join(lines) + "\n"


def parse_review(text: str, file: str = "review.md") -> ReviewRecord:
    """The record review.md holds; DevFileError when it does not read as one."""
    lines = text.replace("\r\n", "\n").split("\n")
    title = _TITLE.match(lines[0].strip()) if lines else None
    if title is None:
        raise DevFileError(f"{file}: it does not open with `# Review of <code> (<file>)`")
    reviewer = next((line[len("Reviewer: "):].strip() for line in lines if line.startswith("Reviewer: ")), "")
    verdict = next((found for line in lines if (found := _VERDICT.match(line.strip()))), None)
    if verdict is None:
        raise DevFileError(f"{file}: it has no `Verdict: CLEAR|FINDINGS|NOT RUN` line")
    findings_at = heading_index(lines, "## Findings", file)
    dropped_at = heading_index(lines, "## Dropped", file)
    findings = tuple(_parsed_finding(heading, body, file) for heading, body in entries(lines[findings_at:dropped_at]))
    failure = (verdict.group(2) or "").strip() if verdict.group(1) == "NOT RUN" else ""
    if verdict.group(1) == "NOT RUN" and not failure:
        failure = "no reason given"
    return ReviewRecord(title.group(1), title.group(2), reviewer, findings, bullets(lines[dropped_at:]), failure)


def _parsed_finding(heading: str, body: Sequence[str], file: str) -> ReviewFinding:
    found = _FINDING_HEADING.match(heading)
    severity = _SEVERITY_NAMES.get(found.group(2).lower()) if found is not None else None
    if found is None or severity is None:
        raise DevFileError(f"{file}: `### {heading}` is no `### R<n> · Blocking|Major · <target>` heading")
    return ReviewFinding(severity, found.group(3), first_plain_line(body), key_values(body).get("Cites", ""))
