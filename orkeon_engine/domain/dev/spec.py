"""The spec (`spec.md`): what a feature is for, in business words only, in thirteen numbered sections.

    # Spec cart-save: Save a cart for later

    Status: BLOCKED — 1 open question: Q1 (Blocking)

    ## 1. Purpose            one paragraph
    ## 2. Actors             `### <name>` and what the actor is
    ## 3. In scope           bullets
    ## 4. Out of scope       bullets
    ## 5. Use cases          `### UC1 · <title>`, Actor, Intent, Where (where the actor meets it), 1-7 Steps
    ## 6. Business rules     `### BR1 · critical|major|minor`, one yes-or-no statement, Origin, Applies to
    ## 7. Data               what the business keeps, bullets
    ## 8. States             the states things go through, bullets
    ## 9. What exists today  facts the code answers, stated, never asked
    ## 10. Quality expectations
    ## 11. Acceptance
    ## 12. Open questions    (questions.py)
    ## 13. Decisions         (questions.py)

Code writes it from the model's JSON (crews/dev_spec) and reads it back to resume; the status line is
derived from the open questions.
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
    numbered,
    render_bullets,
    render_numbered,
    render_section,
    require_section,
    split_sections,
)

RuleSeverity = Literal["critical", "major", "minor"]
RULE_SEVERITIES: tuple[RuleSeverity, ...] = get_args(RuleSeverity)
MAX_STEPS = 7
SPEC_TITLES: dict[int, str] = {
    1: "Purpose", 2: "Actors", 3: "In scope", 4: "Out of scope", 5: "Use cases", 6: "Business rules", 7: "Data",
    8: "States", 9: "What exists today", 10: "Quality expectations", 11: "Acceptance", 12: "Open questions",
    13: "Decisions",
}
QUESTIONS_SECTION = 12
DECISIONS_SECTION = 13
_TITLE = re.compile(r"^# Spec ([A-Za-z0-9_-]+): (.+)$")
_USE_CASE = re.compile(r"^(UC\d+) · (.+)$")
_RULE = re.compile(r"^(BR\d+) · (\w+)$")
_RULE_SEVERITY_NAMES: dict[str, RuleSeverity] = {severity: severity for severity in RULE_SEVERITIES}


@dataclass(frozen=True)
class Actor:
    name: str
    description: str = ""


@dataclass(frozen=True)
class UseCase:
    """UC<n>: who, what for, where they meet it, and one to seven steps."""

    id: str
    title: str
    actor: str
    intent: str
    where: str
    steps: tuple[str, ...]


@dataclass(frozen=True)
class BusinessRule:
    """BR<n>: one yes-or-no statement, where it comes from, how grave breaking it is, the use cases it holds in."""

    id: str
    statement: str
    origin: str
    severity: RuleSeverity
    applies_to: tuple[str, ...]


@dataclass(frozen=True)
class Spec:
    code: str
    title: str
    purpose: str
    actors: tuple[Actor, ...] = ()
    in_scope: tuple[str, ...] = ()
    out_of_scope: tuple[str, ...] = ()
    use_cases: tuple[UseCase, ...] = ()
    rules: tuple[BusinessRule, ...] = ()
    data: tuple[str, ...] = ()
    states: tuple[str, ...] = ()
    existing: tuple[str, ...] = ()
    quality: tuple[str, ...] = ()
    acceptance: tuple[str, ...] = ()
    questions: QuestionBook = field(default_factory=QuestionBook)

    def ids(self) -> tuple[str, ...]:
        """What a review question may target: the spec itself, a use case, a rule."""
        return ("spec", *(uc.id for uc in self.use_cases), *(rule.id for rule in self.rules))


def render_spec(spec: Spec) -> str:
    lines = [f"# Spec {spec.code}: {spec.title}", "", status_line(spec.questions), ""]
    bodies: dict[int, list[str]] = {
        1: [spec.purpose] if spec.purpose else [],
        2: _actor_lines(spec.actors),
        3: render_bullets(spec.in_scope),
        4: render_bullets(spec.out_of_scope),
        5: _use_case_lines(spec.use_cases),
        6: _rule_lines(spec.rules),
        7: render_bullets(spec.data),
        8: render_bullets(spec.states),
        9: render_bullets(spec.existing),
        10: render_bullets(spec.quality),
        11: render_bullets(spec.acceptance),
        12: render_questions(spec.questions.open),
        13: render_decisions(spec.questions.decided),
    }
    for number, title in SPEC_TITLES.items():
        lines += render_section(number, title, bodies[number])
    return "\n".join(lines).rstrip("\n") + "\n"


def _actor_lines(actors: Sequence[Actor]) -> list[str]:
    lines: list[str] = []
    for actor in actors:
        lines += [entry_heading(actor.name), *([actor.description] if actor.description else []), ""]
    return lines[:-1]


def _use_case_lines(use_cases: Sequence[UseCase]) -> list[str]:
    lines: list[str] = []
    for uc in use_cases:
        lines += [entry_heading(f"{uc.id} · {uc.title}"), f"- Actor: {uc.actor}", f"- Intent: {uc.intent}",
                  f"- Where: {uc.where}", "- Steps:", *render_numbered(uc.steps), ""]
    return lines[:-1]


def _rule_lines(rules: Sequence[BusinessRule]) -> list[str]:
    lines: list[str] = []
    for rule in rules:
        lines += [entry_heading(f"{rule.id} · {rule.severity}"), rule.statement, f"- Origin: {rule.origin}",
                  f"- Applies to: {', '.join(rule.applies_to)}", ""]
    return lines[:-1]


def parse_spec(text: str, file: str = "spec.md") -> Spec:
    """The spec a file holds; DevFileError naming the file and what is wrong when it does not read as one."""
    head, sections = split_sections(text, file)
    title = next((found for line in head if (found := _TITLE.match(line.strip()))), None)
    if title is None:
        raise DevFileError(f"{file}: it does not open with `# Spec <code>: <title>`")

    def section(number: int) -> Section:
        return require_section(sections, number, SPEC_TITLES[number], file)

    purpose = first_plain_line(section(1).lines)
    return Spec(
        code=title.group(1),
        title=title.group(2).strip(),
        purpose=purpose,
        actors=tuple(Actor(name, first_plain_line(body)) for name, body in entries(section(2).lines)),
        in_scope=bullets(section(3).lines),
        out_of_scope=bullets(section(4).lines),
        use_cases=tuple(_use_case(heading, body, file) for heading, body in entries(section(5).lines)),
        rules=tuple(_rule(heading, body, file) for heading, body in entries(section(6).lines)),
        data=bullets(section(7).lines),
        states=bullets(section(8).lines),
        existing=bullets(section(9).lines),
        quality=bullets(section(10).lines),
        acceptance=bullets(section(11).lines),
        questions=QuestionBook(parse_questions(section(QUESTIONS_SECTION).lines, file),
                               parse_decisions(section(DECISIONS_SECTION).lines, file)),
    )


def _use_case(heading: str, body: Sequence[str], file: str) -> UseCase:
    found = _USE_CASE.match(heading)
    if found is None:
        raise DevFileError(f"{file}: `### {heading}` under Use cases is no `### UC<n> · <title>` heading")
    values = key_values(body)
    steps = numbered(body)
    if not 1 <= len(steps) <= MAX_STEPS:
        raise DevFileError(f"{file}: {found.group(1)} has {len(steps)} steps; a use case has 1 to {MAX_STEPS}")
    return UseCase(found.group(1), found.group(2).strip(), values.get("Actor", ""), values.get("Intent", ""),
                   values.get("Where", ""), steps)


def _rule(heading: str, body: Sequence[str], file: str) -> BusinessRule:
    found = _RULE.match(heading)
    severity = _RULE_SEVERITY_NAMES.get(found.group(2)) if found is not None else None
    if found is None or severity is None:
        raise DevFileError(f"{file}: `### {heading}` under Business rules is no `### BR<n> · "
                           f"{'|'.join(RULE_SEVERITIES)}` heading")
    values = key_values(body)
    applies = tuple(part.strip() for part in values.get("Applies to", "").split(",") if part.strip())
    return BusinessRule(found.group(1), first_plain_line(body), values.get("Origin", ""), severity, applies)
