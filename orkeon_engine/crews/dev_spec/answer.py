"""The spec as the model answers it in JSON, checked by its validators (Llm.extract's repair round sends the
problems back), and made a Spec by code: texts made one line, use cases numbered UC1..., rules BR1... with
the use cases they apply to renamed alike, questions ordered (domain/dev/question_answer.py)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, model_validator

from orkeon_engine.domain.dev.question_answer import Questions, to_open_questions
from orkeon_engine.domain.dev.questions import QuestionBook
from orkeon_engine.domain.dev.sections import clean_lines, one_line
from orkeon_engine.domain.dev.spec import MAX_STEPS, Actor, BusinessRule, Spec, UseCase
from orkeon_engine.domain.model_replies.model_json import shown_value


class ActorAnswer(BaseModel):
    name: str = Field(description="Who, in the business's words (a shopper, a warehouse clerk)")
    description: str = Field("", description="What this actor is and wants, in one sentence")


class UseCaseAnswer(BaseModel):
    id: str = Field(description="A label the rules use to name this use case, such as UC1")
    title: str = Field(description="What the actor gets done, in a few words")
    actor: str = Field(description="The name of one of the actors")
    intent: str = Field(description="Why the actor does it")
    where: str = Field(description="Where the actor meets it: the screen, the message, the moment")
    steps: list[str] = Field(min_length=1, max_length=MAX_STEPS, description="One to seven steps, in order")


class RuleAnswer(BaseModel):
    statement: str = Field(description="One statement that is either true or false of the system")
    origin: str = Field(description="Where the rule comes from: the request, what exists today, a law...")
    severity: Literal["critical", "major", "minor"]
    applies_to: list[str] = Field(min_length=1,
                                  description="The ids of the use cases it holds in (UC1...), never a file")


class SpecAnswer(BaseModel):
    title: str = Field(description="The feature's name, in a few words")
    purpose: str = Field(description="What the feature is for, in one paragraph of business words")
    actors: list[ActorAnswer] = Field(min_length=1)
    in_scope: list[str] = Field(default_factory=list)
    out_of_scope: list[str] = Field(default_factory=list)
    use_cases: list[UseCaseAnswer] = Field(min_length=1)
    rules: list[RuleAnswer] = Field(default_factory=list)
    data: list[str] = Field(default_factory=list, description="What the business keeps, one thing a line")
    states: list[str] = Field(default_factory=list, description="The states things go through, and what moves them")
    existing: list[str] = Field(default_factory=list,
                                description="What exists today, as the repository shows it: stated, not asked")
    quality: list[str] = Field(default_factory=list, description="Expectations of volume, delay, availability")
    acceptance: list[str] = Field(default_factory=list, description="How the business will know it works")
    questions: Questions = Field(default_factory=list,
                                            description="Only what the person must decide, and nothing else")

    @model_validator(mode="before")
    @classmethod
    def _mend_references(cls, data: Any) -> Any:
        """Rules between fields that no schema can hold (a server that enforces the schema keeps the answer
        to it, so a repair round could fail them again): code mends them, the crew never fails on one."""
        if not isinstance(data, dict) or not isinstance(data.get("use_cases"), list):
            return data
        use_cases = _distinct_ids([uc for uc in data["use_cases"]])
        mended = {**data, "use_cases": use_cases}
        if isinstance(data.get("actors"), list):
            mended["actors"] = _actors_of(data["actors"], use_cases)
        if isinstance(data.get("rules"), list):
            labels = [str(uc.get("id", "")).strip() for uc in use_cases if isinstance(uc, dict)]
            mended["rules"] = [_known_references(rule, labels) for rule in data["rules"]]
        return mended

    @model_validator(mode="after")
    def _references_hold(self) -> SpecAnswer:
        problems: list[str] = []
        labels = [uc.id.strip() for uc in self.use_cases]
        if len(set(labels)) != len(labels):
            problems.append(f"use_cases: every id must differ, were {', '.join(labels)}")
        actors = [one_line(actor.name).lower() for actor in self.actors]
        if "" in actors or len(set(actors)) != len(actors):
            problems.append(f"actors: every actor needs a name of its own, were {shown_value(actors)}")
        for index, uc in enumerate(self.use_cases):
            if len(clean_lines(uc.steps)) != len(uc.steps):
                problems.append(f"use_cases.{index}.steps: no step may be empty")
            if one_line(uc.actor).lower() not in actors:
                problems.append(f"use_cases.{index}.actor: must be the name of one of the actors "
                                f"({', '.join(a.name for a in self.actors)}), was {shown_value(uc.actor)}")
        for index, rule in enumerate(self.rules):
            unknown = [ref for ref in rule.applies_to if ref.strip() not in labels]
            if unknown:
                problems.append(f"rules.{index}.applies_to: must hold ids of the use cases ({', '.join(labels)}), "
                                f"was {shown_value(rule.applies_to)}")
        if problems:
            raise ValueError("\n".join(problems))
        return self


def _distinct_ids(use_cases: list[Any]) -> list[Any]:
    """Use cases with ids of their own: a repeated id gets its place's number (the rules naming it keep the
    first); steps that are blank left out, the title standing in when none is left."""
    seen: set[str] = set()
    mended: list[Any] = []
    for number, uc in enumerate(use_cases, 1):
        if isinstance(uc, dict):
            label = str(uc.get("id", "")).strip()
            if not label or label in seen:
                uc = {**uc, "id": f"{label or 'UC'}#{number}"}
            seen.add(str(uc["id"]).strip())
            steps = uc.get("steps")
            if isinstance(steps, list) and steps and not any(isinstance(s, str) and s.strip() for s in steps):
                uc = {**uc, "steps": [str(uc.get("title") or "the actor does it")]}
            elif isinstance(steps, list):
                uc = {**uc, "steps": [s for s in steps if not isinstance(s, str) or s.strip()]}
        mended.append(uc)
    return mended


def _actors_of(actors: list[Any], use_cases: list[Any]) -> list[Any]:
    """The actors, each name once, and every actor a use case names that the list left out added to it."""
    names: set[str] = set()
    kept: list[Any] = []
    for actor in actors:
        name = one_line(str(actor.get("name", ""))).lower() if isinstance(actor, dict) else None
        if name is not None and (not name or name in names):
            continue
        if name:
            names.add(name)
        kept.append(actor)
    for uc in use_cases:
        actor = uc.get("actor") if isinstance(uc, dict) else None
        if isinstance(actor, str) and one_line(actor) and one_line(actor).lower() not in names:
            names.add(one_line(actor).lower())
            kept.append({"name": one_line(actor), "description": ""})
    return kept


def _known_references(rule: Any, labels: list[str]) -> Any:
    """A rule keeps the use cases it names that exist; naming none of them, it holds for every use case."""
    refs = rule.get("applies_to") if isinstance(rule, dict) else None
    if not isinstance(refs, list) or not labels:
        return rule
    known = [ref for ref in refs if str(ref).strip() in labels]
    return {**rule, "applies_to": known or list(labels)}


def to_spec(answer: SpecAnswer, code: str) -> Spec:
    """The spec code writes from the model's answer."""
    renamed = {uc.id.strip(): f"UC{number}" for number, uc in enumerate(answer.use_cases, 1)}
    names = {one_line(actor.name).lower(): one_line(actor.name) for actor in answer.actors}
    use_cases = tuple(
        UseCase(renamed[uc.id.strip()], one_line(uc.title), names[one_line(uc.actor).lower()], one_line(uc.intent),
                one_line(uc.where), clean_lines(uc.steps))
        for uc in answer.use_cases)
    rules = tuple(
        BusinessRule(f"BR{number}", one_line(rule.statement), one_line(rule.origin), rule.severity,
                     tuple(dict.fromkeys(renamed[ref.strip()] for ref in rule.applies_to)))
        for number, rule in enumerate(answer.rules, 1))
    return Spec(
        code=code,
        title=one_line(answer.title) or code,
        purpose=one_line(answer.purpose),
        actors=tuple(Actor(one_line(actor.name), one_line(actor.description)) for actor in answer.actors),
        in_scope=clean_lines(answer.in_scope),
        out_of_scope=clean_lines(answer.out_of_scope),
        use_cases=use_cases,
        rules=rules,
        data=clean_lines(answer.data),
        states=clean_lines(answer.states),
        existing=clean_lines(answer.existing),
        quality=clean_lines(answer.quality),
        acceptance=clean_lines(answer.acceptance),
        questions=QuestionBook(to_open_questions(answer.questions)),
    )
