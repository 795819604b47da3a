"""A work file whichever its kind: a spec or a change brief, rendered, read back, its questions replaced,
its section numbers and the ids a review may target, and the name it goes by."""

from __future__ import annotations

import dataclasses

from orkeon_engine.domain.dev.brief import BRIEF_TITLES, ChangeBrief, parse_brief, render_brief
from orkeon_engine.domain.dev.questions import QuestionBook
from orkeon_engine.domain.dev.spec import SPEC_TITLES, Spec, parse_spec, render_spec
from orkeon_engine.domain.dev.work_folder import WorkKind

WorkDoc = Spec | ChangeBrief
KIND_NAMES: dict[WorkKind, str] = {"spec": "spec", "brief": "brief"}
"""How the file names itself as a review target."""
STEPS: dict[WorkKind, str] = {"spec": "dev-spec", "brief": "dev-change"}
"""The dev step each kind of work runs under (its rule sets and budget)."""


def kind_of(doc: WorkDoc) -> WorkKind:
    return "spec" if isinstance(doc, Spec) else "brief"


def render_work(doc: WorkDoc) -> str:
    return render_spec(doc) if isinstance(doc, Spec) else render_brief(doc)


def parse_work(kind: WorkKind, text: str, file: str) -> WorkDoc:
    """The work file read back (DevFileError naming the file when it does not read as its kind)."""
    return parse_spec(text, file) if kind == "spec" else parse_brief(text, file)


def with_questions(doc: WorkDoc, book: QuestionBook) -> WorkDoc:
    return dataclasses.replace(doc, questions=book)


def section_numbers(kind: WorkKind) -> frozenset[int]:
    return frozenset(SPEC_TITLES if kind == "spec" else BRIEF_TITLES)
