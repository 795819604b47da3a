"""The plan (`plan.md`): what a piece of work changes, why, where and in what order, never a line of code,
in batches `F1`, `F2`... cut by behaviour; each batch's steps are in its sheet (sheet.py).

    # Plan cart-save: Save a cart for later

    Source: .orkeon/work/cart-save/spec.md
    Status: READY — every batch may run
    Build and tests: make test

    ## 1. Approach          one paragraph: what and why
    ## 2. Inventory         what the project offers, `- I1 · class · shop.cart.Cart · shop/cart.py:1-9` (inventory.py)
    ## 3. Batches           `- F2 · Restore a cart — after F1 — ready` (`— blocked` while the plan is BLOCKED)
    ## 4. Coverage          each UC, BR or CH id: the tests that prove it and its code owner (derived by code)
    ## 5. Design rules      `### DR1 · applied in F1` or `### DR1 · set aside`, the rule, `- Reason:`
    ## 6. Assumptions
    ## 7. Open questions    the planner's (questions.py)
    ## 8. Decisions

Status is code's: BLOCKED, with what blocks it (a Blocking question of the plan, a Blocking finding of its
review), keeps every batch line at `— blocked` until `/dev-plan <code> --replace` rewrites the plan.
Anchors name an inventory ref (`I3`), a file to create (`new:shop/saved.py`) or an existing file the index
does not hold (`file:README.md`); never a `path:line` of the model's own.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from orkeon_engine.domain.dev.inventory import Inventory, is_test_path, parse_inventory, render_inventory
from orkeon_engine.domain.dev.questions import (
    QuestionBook,
    parse_decisions,
    parse_questions,
    render_decisions,
    render_questions,
)
from orkeon_engine.domain.dev.sections import (
    DevFileError,
    Section,
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

PLAN_FILE = "plan.md"
PLAN_REVIEW_FILE = "plan-review.md"
SHEETS_FOLDER = "sheets"
PLAN_TITLES: dict[int, str] = {
    1: "Approach", 2: "Inventory", 3: "Batches", 4: "Coverage", 5: "Design rules", 6: "Assumptions",
    7: "Open questions", 8: "Decisions",
}
QUESTIONS_SECTION = 7
DECISIONS_SECTION = 8
MIN_STEPS = 2
MAX_STEPS = 5
READY = "ready"
BLOCKED = "blocked"
DOC_SUFFIXES = (".md", ".rst", ".txt", ".adoc")
AnchorKind = Literal["ref", "new", "file"]
_ANCHOR_PREFIXES: dict[str, AnchorKind] = {"new:": "new", "file:": "file"}
_TITLE = re.compile(r"^# Plan ([A-Za-z0-9_-]+): (.+)$")
_BATCH_ID = re.compile(r"^F[1-9]\d*$")
_BATCH_LINE = re.compile(r"^(F[1-9]\d*) · (.+?)(?P<doc> · documentation)?(?: — after (?P<after>F\d+(?:, F\d+)*))? — "
                         r"(?P<state>ready|blocked)$")
_RULE_HEADING = re.compile(r"^DR\d+ · (?:applied in (F\d+(?:, F\d+)*)|set aside)$")
_BLOCKER = re.compile(r"^[QR]\d+ \(Blocking (?:question|review finding)\)$")
_STATUS_READY = "Status: READY — every batch may run"
_STATUS_BLOCKED = re.compile(r"^Status: BLOCKED — (.+); /dev-plan [A-Za-z0-9_-]+ --replace rewrites the plan$")


def plain(text: str) -> str:
    """A title as a batch line holds it: one line, no `·` and no ` — ` (they separate the line's parts)."""
    return " ".join(one_line(text).replace("·", "-").replace("—", "-").split())


def is_batch_id(text: str) -> bool:
    return _BATCH_ID.match(text) is not None


def batch_number(batch_id: str) -> int:
    """F12 → 12: batches sort by it (F2 before F10); ValueError for what is no batch id."""
    if not is_batch_id(batch_id):
        raise ValueError(f"{batch_id!r} is not a batch id (F1, F2...)")
    return int(batch_id[1:])


def is_doc_path(path: str) -> bool:
    """A documentation file: under docs/, or a text format (README.md, CHANGES.rst...)."""
    return path.startswith("docs/") or "/docs/" in path or path.lower().endswith(DOC_SUFFIXES)


@dataclass(frozen=True)
class Anchor:
    """Where a step works: an inventory ref, a file to create, or an existing file the index does not hold."""

    kind: AnchorKind
    value: str

    def render(self) -> str:
        return self.value if self.kind == "ref" else f"{self.kind}:{self.value}"


def parse_anchor(text: str) -> Anchor:
    for prefix, kind in _ANCHOR_PREFIXES.items():
        if text.startswith(prefix):
            return Anchor(kind, text[len(prefix):])
    return Anchor("ref", text)


@dataclass(frozen=True)
class PlanStep:
    """One step of behaviour: what it does, the ids it proves, its tests (as the repository names its
    tests), and where it works."""

    what: str
    proves: tuple[str, ...]
    tests: tuple[str, ...]
    anchors: tuple[Anchor, ...]


@dataclass(frozen=True)
class Batch:
    """F<n>: a behaviour the build stays green with, its goal, the earlier batches it reuses, its steps."""

    id: str
    title: str
    goal: str
    after: tuple[str, ...] = ()
    steps: tuple[PlanStep, ...] = ()
    documentation: bool = False


@dataclass(frozen=True)
class DesignRule:
    """A rule of the project's design, applied in some batches or set aside (no batch), and why."""

    rule: str
    applied_in: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Plan:
    code: str
    title: str
    source: str
    """The work file the plan is drawn from (spec.md or brief.md, workspace-relative)."""
    approach: str
    inventory: Inventory = field(default_factory=Inventory)
    batches: tuple[Batch, ...] = ()
    rules: tuple[DesignRule, ...] = ()
    assumptions: tuple[str, ...] = ()
    questions: QuestionBook = field(default_factory=QuestionBook)
    blockers: tuple[str, ...] = ()
    """What keeps every batch blocked (`Q1 (Blocking question)`, `R2 (Blocking review finding)`)."""
    build: str = ""
    """The build-and-tests command code adds as each sheet's last step."""

    @property
    def blocked(self) -> bool:
        return bool(self.blockers)

    def ids(self) -> tuple[str, ...]:
        """What a review question may target: the plan itself, or one batch."""
        return ("plan", *(batch.id for batch in self.batches))

    def without_steps(self) -> Plan:
        """The plan as plan.md alone holds it (each batch's goal and steps live in its sheet)."""
        return dataclasses.replace(self, batches=tuple(dataclasses.replace(b, goal="", steps=())
                                                       for b in self.batches))


def question_blocker(question_id: str) -> str:
    return f"{question_id} (Blocking question)"


def review_blocker(finding_id: str) -> str:
    return f"{finding_id} (Blocking review finding)"


def plan_status(plan: Plan) -> str:
    if not plan.blockers:
        return _STATUS_READY
    return f"Status: BLOCKED — {', '.join(plan.blockers)}; /dev-plan {plan.code} --replace rewrites the plan"


def batch_state(plan: Plan) -> str:
    return BLOCKED if plan.blocked else READY


def sheet_file(batch_id: str) -> str:
    """A batch's sheet, relative to the work's folder."""
    return f"{SHEETS_FOLDER}/{batch_id}.md"


# --- coverage ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Coverage:
    """An id of the source: the tests that prove it (with the batch and step) and the code that owns it."""

    id: str
    tests: tuple[str, ...]
    owners: tuple[str, ...]


def step_owners(plan_inventory: Inventory, step: PlanStep) -> tuple[str, ...]:
    """The anchors of a step that are code: neither a test file nor documentation."""
    owners = []
    for anchor in step.anchors:
        item = plan_inventory.find(anchor.value) if anchor.kind == "ref" else None
        path = item.path if item is not None else anchor.value
        if anchor.kind == "ref" and item is None:
            continue
        if item is not None and item.kind in ("test", "fixture"):
            continue
        if not is_test_path(path) and not is_doc_path(path):
            owners.append(anchor.render())
    return tuple(owners)


def coverage(plan: Plan) -> tuple[Coverage, ...]:
    """Each id the steps prove, in the order first proved, with its tests and its owners."""
    tests: dict[str, list[str]] = {}
    owners: dict[str, list[str]] = {}
    for batch, number, step in walk_steps(plan.batches):
        for proved in step.proves:
            tests.setdefault(proved, []).extend(f"{test} ({batch.id} S{number})" for test in step.tests)
            owners.setdefault(proved, []).extend(step_owners(plan.inventory, step))
    return tuple(Coverage(proved, tuple(dict.fromkeys(tests[proved])), tuple(dict.fromkeys(owners[proved])))
                 for proved in tests)


def walk_steps(batches: Sequence[Batch]) -> Iterator[tuple[Batch, int, PlanStep]]:
    for batch in batches:
        for number, step in enumerate(batch.steps, 1):
            yield batch, number, step


# --- plan.md ----------------------------------------------------------------------------------------------


def render_plan(plan: Plan) -> str:
    lines = [f"# Plan {plan.code}: {plan.title}", "", f"Source: {plan.source}", plan_status(plan)]
    if plan.build:
        lines.append(f"Build and tests: {plan.build}")
    lines.append("")
    bodies: dict[int, list[str]] = {
        1: [plan.approach] if plan.approach else [],
        2: render_inventory(plan.inventory),
        3: [_batch_line(batch, batch_state(plan)) for batch in plan.batches],
        4: [_coverage_line(row) for row in coverage(plan)],
        5: _rule_lines(plan.rules),
        6: render_bullets(plan.assumptions),
        7: render_questions(plan.questions.open),
        8: render_decisions(plan.questions.decided),
    }
    for number, title in PLAN_TITLES.items():
        lines += render_section(number, title, bodies[number])
    return "\n".join(lines).rstrip("\n") + "\n"


def _batch_line(batch: Batch, state: str) -> str:
    doc = " · documentation" if batch.documentation else ""
    after = f" — after {', '.join(batch.after)}" if batch.after else ""
    return f"- {batch.id} · {batch.title}{doc}{after} — {state}"


def _coverage_line(row: Coverage) -> str:
    owners = ", ".join(row.owners) or "none"
    return f"- {row.id} — tested by {', '.join(row.tests) or 'none'} — owned by {owners}"


def _rule_lines(rules: Sequence[DesignRule]) -> list[str]:
    lines: list[str] = []
    for number, rule in enumerate(rules, 1):
        where = f"applied in {', '.join(rule.applied_in)}" if rule.applied_in else "set aside"
        lines += [entry_heading(f"DR{number} · {where}"), rule.rule, f"- Reason: {rule.reason}", ""]
    return lines[:-1]


def parse_plan(text: str, file: str = PLAN_FILE) -> Plan:
    """The plan plan.md holds, its batches without their steps (read them from the sheets); DevFileError
    naming the file and what is wrong when it does not read as a plan."""
    head, sections = split_sections(text, file)
    title = next((found for line in head if (found := _TITLE.match(line.strip()))), None)
    if title is None:
        raise DevFileError(f"{file}: it does not open with `# Plan <code>: <title>`")
    values = {key: value for line in head if ": " in line for key, _, value in [line.partition(": ")]}
    source = values.get("Source", "").strip()
    if not source:
        raise DevFileError(f"{file}: it has no `Source:` line naming the spec or brief it is drawn from")

    def section(number: int) -> Section:
        return require_section(sections, number, PLAN_TITLES[number], file)

    return Plan(
        code=title.group(1),
        title=title.group(2).strip(),
        source=source,
        approach=first_plain_line(section(1).lines),
        inventory=parse_inventory(section(2).lines, file),
        batches=tuple(_parsed_batch(line, file) for line in bullets(section(3).lines)),
        rules=tuple(_parsed_rule(heading, body, file) for heading, body in entries(section(5).lines)),
        assumptions=bullets(section(6).lines),
        questions=QuestionBook(parse_questions(section(QUESTIONS_SECTION).lines, file),
                               parse_decisions(section(DECISIONS_SECTION).lines, file)),
        blockers=_parsed_blockers(head, file),
        build=values.get("Build and tests", "").strip(),
    )


def _parsed_blockers(head: Sequence[str], file: str) -> tuple[str, ...]:
    status = next((line.strip() for line in head if line.startswith("Status: ")), "")
    if status == _STATUS_READY:
        return ()
    found = _STATUS_BLOCKED.match(status)
    if found is None:
        raise DevFileError(f"{file}: its status line {status!r} is neither `{_STATUS_READY}` nor `Status: BLOCKED — "
                           "<what blocks it>; /dev-plan <code> --replace rewrites the plan`")
    blockers = tuple(found.group(1).split(", "))
    wrong = next((blocker for blocker in blockers if _BLOCKER.match(blocker) is None), None)
    if wrong is not None:
        raise DevFileError(f"{file}: {wrong!r} in its status line is no `Q<n> (Blocking question)` nor "
                           "`R<n> (Blocking review finding)`")
    return blockers


def _parsed_batch(line: str, file: str) -> Batch:
    found = _BATCH_LINE.match(line)
    if found is None:
        raise DevFileError(f"{file}: `- {line}` under Batches is no `- F<n> · <title> — ready|blocked` line")
    after = tuple(found.group("after").split(", ")) if found.group("after") else ()
    return Batch(found.group(1), found.group(2), "", after, (), bool(found.group("doc")))


def _parsed_rule(heading: str, body: Sequence[str], file: str) -> DesignRule:
    found = _RULE_HEADING.match(heading)
    if found is None:
        raise DevFileError(f"{file}: `### {heading}` is no `### DR<n> · applied in F<n>` nor `### DR<n> · set aside`")
    applied = tuple(found.group(1).split(", ")) if found.group(1) else ()
    return DesignRule(first_plain_line(body), applied, key_values(body).get("Reason", ""))


def blocking_gate(source_file: str, code: str, open_questions: Sequence[tuple[str, str, str]]) -> str:
    """Why /dev-plan refuses to plan from a source with open Blocking questions (id, severity, text), naming
    them ("" when none is open)."""
    blocking = [(qid, text) for qid, severity, text in open_questions if severity == "Blocking"]
    if not blocking:
        return ""
    listed = "; ".join(f"{qid}: {text}" for qid, text in blocking)
    count = len(blocking)
    return (f"{source_file} has {count} open Blocking question{'s' if count != 1 else ''} ({listed}); a plan "
            f"would settle what only you can: answer {'them' if count != 1 else 'it'} with /dev-spec {code}, "
            "then plan")
