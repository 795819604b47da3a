"""The change brief as the model answers it in JSON (the command it picks to run, then the brief), and the
ChangeBrief code makes of it: texts made one line, criteria numbered CH1..., questions ordered."""

from __future__ import annotations

from pydantic import BaseModel, Field, model_validator

from orkeon_engine.domain.dev.brief import ChangeBrief, ChangeKind, Criterion, Guard, RunRecord
from orkeon_engine.domain.dev.question_answer import Questions, to_open_questions
from orkeon_engine.domain.dev.questions import QuestionBook
from orkeon_engine.domain.dev.sections import clean_lines, one_line

NOT_BLANK = r"\S"
"""A text with something in it: a pattern the schema carries, so a server that enforces it writes one."""


class RunChoice(BaseModel):
    command: str = Field(description="One command line, run in the project's root")
    expect: str = Field(description="What its run should show: the failure that is the bug, or what it measures")


class CriterionAnswer(BaseModel):
    statement: str = Field(pattern=NOT_BLANK, description="What must hold once the change is made")
    proof: str = Field(pattern=NOT_BLANK, description="What shows it: a test, or a command and what it must print")


class GuardAnswer(BaseModel):
    behaviour: str = Field(description="A behaviour the change must not alter")
    test: str | None = Field(None, description="The existing test that pins it, as path::name, or null for none")


class BriefAnswer(BaseModel):
    title: str = Field(description="The change, in a few words")
    facts: list[str] = Field(min_length=1, description="What the code does today, as the material shows it")
    current: list[str] = Field(default_factory=list, description="How it behaves today, in sentences")
    expected: list[str] = Field(min_length=1, description="What should happen instead")
    criteria: list[CriterionAnswer] = Field(min_length=1)
    must_not_change: list[GuardAnswer] = Field(default_factory=list)
    out_of_scope: list[str] = Field(default_factory=list)
    questions: Questions = Field(default_factory=list,
                                            description="Only what the person must decide, and nothing else")

    @model_validator(mode="after")
    def _criteria_have_proofs(self) -> BriefAnswer:
        for index, criterion in enumerate(self.criteria, 1):
            if not one_line(criterion.statement) or not one_line(criterion.proof):
                raise ValueError(f"criterion {index} needs both its statement and its proof")
        return self


def to_brief(answer: BriefAnswer, code: str, kind: ChangeKind, request: str, run: RunRecord | None) -> ChangeBrief:
    """The brief code writes from the model's answer and its own run."""
    return ChangeBrief(
        code=code,
        kind=kind,
        title=one_line(answer.title) or code,
        request=one_line(request),
        facts=clean_lines(answer.facts),
        current=clean_lines(answer.current),
        run=run,
        expected=clean_lines(answer.expected),
        criteria=tuple(Criterion(f"CH{number}", one_line(c.statement), one_line(c.proof))
                       for number, c in enumerate(answer.criteria, 1)),
        must_not_change=tuple(Guard(one_line(g.behaviour), "".join((g.test or "").split()) or None)
                              for g in answer.must_not_change if one_line(g.behaviour)),
        out_of_scope=clean_lines(answer.out_of_scope),
        questions=QuestionBook(to_open_questions(answer.questions)),
    )
