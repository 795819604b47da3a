"""Open questions and decisions, as a spec and a change brief hold them (`## 12. Open questions` and
`## 13. Decisions` of a spec, `## 8.` and `## 9.` of a brief).

An open question is Blocking (any answer would reshape a use case, a rule, the data, a state or the scope)
or Major (an assumption on record would do); it has two to five options, the recommended one first when
there is one. Code orders them, Blocking first, and numbers them Q1, Q2... The person answers them one at
a time: each answer moves its question under Decisions (the option chosen, or the person's own words)
before the next is asked. Nothing answers for the person: a question nobody answered stays open.

    ### Q1 · Blocking
    Should a saved cart keep the prices of the day it was saved?
    - Why: the total shown at checkout depends on it.
    - Options (the first is recommended):
      1. Keep the prices of the day it was saved
      2. Take today's prices
    - Answer: Take today's prices            (a decision only)
    - Given as: option 2                      (or: the person's own words)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from orkeon_engine.domain.dev.sections import (
    DevFileError,
    entries,
    entry_heading,
    first_plain_line,
    key_values,
    numbered,
    render_numbered,
)

QuestionSeverity = Literal["Blocking", "Major"]
QUESTION_SEVERITIES: tuple[QuestionSeverity, ...] = get_args(QuestionSeverity)
MIN_OPTIONS = 2
MAX_OPTIONS = 5
RECOMMENDED_SUFFIX = " (recommended)"
OWN_WORDS = "the person's own words"
_OPTIONS_RECOMMENDED = "Options (the first is recommended)"
_OPTIONS = "Options"
_SEVERITY_NAMES: dict[str, QuestionSeverity] = {severity: severity for severity in QUESTION_SEVERITIES}
_HEADING = re.compile(r"^(Q\d+) · (\w+)$")
_GIVEN_OPTION = re.compile(r"^option (\d+)$")


@dataclass(frozen=True)
class OpenQuestion:
    """A question for the person: its id, severity, the question itself, why it matters, and its options
    (the first one recommended when `recommended`)."""

    id: str
    severity: QuestionSeverity
    text: str
    options: tuple[str, ...]
    recommended: bool = False
    why: str = ""

    def labels(self) -> list[str]:
        """The options as the person is offered them: the recommended one says so."""
        return [option + (RECOMMENDED_SUFFIX if index == 0 and self.recommended else "")
                for index, option in enumerate(self.options)]

    def option_for(self, label: str) -> int | None:
        """The 1-based number of the option a label offered (or an option's own words) names, or None for the
        person's own words."""
        for index, (offered, option) in enumerate(zip(self.labels(), self.options, strict=True)):
            if label.strip() in (offered, option):
                return index + 1
        return None


@dataclass(frozen=True)
class Decision:
    """An answered question: the question as it was asked, the answer, and which option it was (None: the
    person's own words)."""

    question: OpenQuestion
    answer: str
    option: int | None = None


@dataclass(frozen=True)
class QuestionBook:
    """The open questions of a work file, in the order they are asked, and its decisions, in the order taken."""

    open: tuple[OpenQuestion, ...] = ()
    decided: tuple[Decision, ...] = ()

    def next_open(self) -> OpenQuestion | None:
        return self.open[0] if self.open else None

    def decide(self, question_id: str, label: str) -> QuestionBook:
        """The book once `label` (an offered option, or the person's own words) answers the question."""
        question = next((q for q in self.open if q.id == question_id), None)
        if question is None:
            raise KeyError(question_id)
        option = question.option_for(label)
        answer = question.options[option - 1] if option is not None else label.strip()
        decision = Decision(question, answer, option)
        return QuestionBook(tuple(q for q in self.open if q.id != question_id), (*self.decided, decision))

    @property
    def blocked(self) -> bool:
        return bool(self.open)


def order_questions(questions: Sequence[OpenQuestion], first_number: int = 1) -> tuple[OpenQuestion, ...]:
    """Blocking before Major (each keeping its order), numbered Q<first_number>, Q<first_number + 1>..."""
    ranked = sorted(questions, key=lambda q: QUESTION_SEVERITIES.index(q.severity))
    return tuple(dataclasses.replace(q, id=f"Q{first_number + index}") for index, q in enumerate(ranked))


def with_recommended_first(options: Sequence[str], recommended: int | None) -> tuple[tuple[str, ...], bool]:
    """The options with the recommended one (a 0-based index, or None) moved first, and whether one was."""
    if recommended is None or not 0 <= recommended < len(options):
        return tuple(options), False
    return (options[recommended], *options[:recommended], *options[recommended + 1:]), True


def open_summary(book: QuestionBook) -> str:
    """`Q1 (Blocking), Q3 (Major)`: what is open, in order."""
    return ", ".join(f"{q.id} ({q.severity})" for q in book.open)


def status_line(book: QuestionBook) -> str:
    """The status a work file opens with: BLOCKED with what is open, or READY."""
    if not book.open:
        return "Status: READY — no open question"
    count = len(book.open)
    return f"Status: BLOCKED — {count} open question{'s' if count != 1 else ''}: {open_summary(book)}"


def question_prompt(work: str, question: OpenQuestion, position: int, total: int) -> str:
    """The question as the person reads it: where it comes from, its severity, the question and why."""
    lines = [f"{work} — {question.id} ({question.severity}), question {position} of {total}:", question.text]
    if question.why:
        lines.append(f"Why it matters: {question.why}")
    return "\n".join(lines)


# --- the file ---------------------------------------------------------------------------------------------


def render_questions(questions: Sequence[OpenQuestion]) -> list[str]:
    lines: list[str] = []
    for question in questions:
        lines += [*_question_lines(question), ""]
    return lines[:-1]


def render_decisions(decisions: Sequence[Decision]) -> list[str]:
    lines: list[str] = []
    for decision in decisions:
        given = f"option {decision.option}" if decision.option is not None else OWN_WORDS
        lines += [*_question_lines(decision.question), f"- Answer: {decision.answer}", f"- Given as: {given}", ""]
    return lines[:-1]


def _question_lines(question: OpenQuestion) -> list[str]:
    lines = [entry_heading(f"{question.id} · {question.severity}"), question.text]
    if question.why:
        lines.append(f"- Why: {question.why}")
    lines.append(f"- {_OPTIONS_RECOMMENDED if question.recommended else _OPTIONS}:")
    return lines + render_numbered(question.options)


def parse_questions(lines: Sequence[str], file: str) -> tuple[OpenQuestion, ...]:
    return tuple(_question(heading, body, file) for heading, body in entries(lines))


def parse_decisions(lines: Sequence[str], file: str) -> tuple[Decision, ...]:
    decisions = []
    for heading, body in entries(lines):
        question = _question(heading, body, file)
        values = key_values(body)
        answer = values.get("Answer", "")
        if not answer:
            raise DevFileError(f"{file}: the decision on {question.id} has no `- Answer:` line")
        given = values.get("Given as", OWN_WORDS)
        found = _GIVEN_OPTION.match(given)
        option = int(found.group(1)) if found else None
        if option is not None and not 1 <= option <= len(question.options):
            raise DevFileError(f"{file}: the decision on {question.id} names option {option}, which it does not list")
        decisions.append(Decision(question, answer, option))
    return tuple(decisions)


def _question(heading: str, body: Sequence[str], file: str) -> OpenQuestion:
    found = _HEADING.match(heading)
    severity = _SEVERITY_NAMES.get(found.group(2)) if found is not None else None
    if found is None or severity is None:
        raise DevFileError(f"{file}: `### {heading}` is no question heading; expected `### Q<n> · Blocking` "
                           "or `### Q<n> · Major`")
    question_id = found.group(1)
    text = first_plain_line(body)
    if not text:
        raise DevFileError(f"{file}: {question_id} states no question under its heading")
    values = key_values(body)
    options = numbered(body)
    return OpenQuestion(question_id, severity, text, options, _OPTIONS_RECOMMENDED in values, values.get("Why", ""))
