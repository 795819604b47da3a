"""The plan as the model answers it in JSON (Llm.extract validates the shape), and made a Plan by code:
texts made one line, batches numbered F1... in the order given, anchors read, ids folded to upper case,
questions ordered (domain/dev/question_answer.py). What the plan must hold beyond its shape is checked by
code afterwards (domain/dev/plan_checks.py), and a gap sends it back once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, Field, model_validator

from orkeon_engine.domain.dev.inventory import Inventory
from orkeon_engine.domain.dev.plan import Anchor, Batch, DesignRule, Plan, PlanStep, plain
from orkeon_engine.domain.dev.question_answer import Questions, to_open_questions
from orkeon_engine.domain.dev.questions import Decision, QuestionBook, order_questions
from orkeon_engine.domain.dev.sections import clean_lines, one_line


class AnchorAnswer(BaseModel):
    ref: str | None = Field(None, description="An inventory ref, such as I3")
    create: str | None = Field(None, description="A file to create, workspace-relative (shop/saved.py)")
    file: str | None = Field(None, description="An existing file the inventory does not list, workspace-relative")

    @model_validator(mode="after")
    def _one_of_three(self) -> AnchorAnswer:
        given = [value for value in (self.ref, self.create, self.file) if value is not None and value.strip()]
        if len(given) != 1:
            raise ValueError("an anchor gives exactly one of ref, create or file")
        return self

    def anchor(self) -> Anchor:
        if self.ref:
            return Anchor("ref", self.ref.strip().upper())
        if self.create:
            return Anchor("new", _path(self.create))
        return Anchor("file", _path(self.file or ""))


def _path(text: str) -> str:
    return text.strip().removeprefix("/workspace/").removeprefix("./")


class StepAnswer(BaseModel):
    what: str = Field(description="What the step does, in one sentence; never a line of code")
    proves: list[str] = Field(default_factory=list, description="The ids of the source it proves (UC1, BR2, CH1)")
    tests: list[str] = Field(default_factory=list,
                             description="Its tests as path::name, named as the repository names its tests")
    anchors: list[AnchorAnswer] = Field(default_factory=list, description="Where it works")

    @model_validator(mode="before")
    @classmethod
    def _one_place_an_anchor(cls, data: Any) -> Any:
        """An anchor names one place, which no schema holds (a rule between its three fields): code keeps the
        first it gives, by ref, create, file, and leaves out an anchor that gives none."""
        if not isinstance(data, dict) or not isinstance(data.get("anchors"), list):
            return data
        anchors = []
        for anchor in data["anchors"]:
            if isinstance(anchor, dict):
                given = [key for key in ("ref", "create", "file") if isinstance(anchor.get(key), str)
                         and anchor[key].strip()]
                if not given:
                    continue
                anchor = {key: (anchor[key] if key == given[0] else None) for key in ("ref", "create", "file")}
            anchors.append(anchor)
        return {**data, "anchors": anchors}


class BatchAnswer(BaseModel):
    title: str = Field(description="The behaviour the batch delivers, in a few words")
    goal: str = Field(description="Why this batch, and why in this place of the order, in one sentence")
    after: list[str] = Field(default_factory=list,
                             description="Every earlier batch (F1...) whose file, type, fixture or setting it reuses")
    documentation: bool = Field(False, description="True for the batch that holds the documentation, and only it")
    steps: list[StepAnswer] = Field(description="Two to five steps of behaviour; code adds the build-and-tests step")


class RuleAnswer(BaseModel):
    rule: str = Field(description="A design rule of the project, as its instruction files state it")
    applied_in: list[str] = Field(default_factory=list, description="The batches applying it; empty to set it aside")
    reason: str = Field(description="Why it is applied there, or why setting it aside holds")


class PlanAnswer(BaseModel):
    title: str = Field(description="The work's name, in a few words")
    approach: str = Field(description="What changes and why, in one paragraph; never a line of code")
    batches: list[BatchAnswer] = Field(min_length=1, description="In the order they run: F1 first")
    design_rules: list[RuleAnswer] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list,
                                   description="What the plan takes as given; never the answer to an open question")
    questions: Questions = Field(default_factory=list,
                                            description="Only what the person must decide before the batches run")


def to_plan(answer: PlanAnswer, code: str, source: str, inventory: Inventory, build: str,
            carried: tuple[Decision, ...] = ()) -> Plan:
    """The plan code writes from the model's answer (the decisions of a replaced plan carried over)."""
    batches = tuple(
        Batch(f"F{number}", plain(batch.title) or f"Batch {number}", one_line(batch.goal),
              tuple(dict.fromkeys(_id(after) for after in batch.after if after.strip())),
              tuple(_step(step) for step in batch.steps), batch.documentation)
        for number, batch in enumerate(answer.batches, 1))
    rules = tuple(DesignRule(one_line(rule.rule), tuple(dict.fromkeys(_id(b) for b in rule.applied_in if b.strip())),
                             one_line(rule.reason))
                  for rule in answer.design_rules if one_line(rule.rule))
    book = QuestionBook(order_questions(to_open_questions(answer.questions), len(carried) + 1), carried)
    return Plan(code, plain(answer.title) or code, source, one_line(answer.approach), inventory, batches, rules,
                clean_lines(answer.assumptions), book, (), build)


def _id(text: str) -> str:
    return one_line(text).strip().upper()


def _step(step: StepAnswer) -> PlanStep:
    return PlanStep(one_line(step.what), tuple(dict.fromkeys(_id(i) for i in step.proves if i.strip())),
                    tuple(dict.fromkeys(test.strip() for test in step.tests if test.strip())),
                    tuple(dict.fromkeys(anchor.anchor() for anchor in step.anchors)))


def answer_texts(answer: PlanAnswer) -> Iterator[tuple[str, str]]:
    """Every text of the answer the model wrote, with where it sits (`F2 S1`, `DR3`, `the approach`)."""
    yield "the title", answer.title
    yield "the approach", answer.approach
    for number, batch in enumerate(answer.batches, 1):
        yield f"F{number}", f"{batch.title} {batch.goal}"
        for index, step in enumerate(batch.steps, 1):
            yield f"F{number} S{index}", " ".join((step.what, *step.tests))
    for number, rule in enumerate(answer.design_rules, 1):
        yield f"DR{number}", f"{rule.rule} {rule.reason}"
    for assumption in answer.assumptions:
        yield "an assumption", assumption
