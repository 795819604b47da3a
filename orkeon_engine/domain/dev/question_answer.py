"""The open questions as a model answers them in JSON (Llm.extract validates the shape), and how code makes
them the file's questions: texts made one line, the recommended option moved first, Blocking first, Q1...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, model_validator

from orkeon_engine.domain.dev.questions import MAX_OPTIONS, MIN_OPTIONS, OpenQuestion, order_questions
from orkeon_engine.domain.dev.questions import with_recommended_first as recommended_first
from orkeon_engine.domain.dev.sections import clean_lines, one_line


class QuestionAnswer(BaseModel):
    question: str = Field(description="One question the person must settle, ending in a question mark")
    severity: Literal["Blocking", "Major"] = Field(
        description="Blocking when some answer would reshape a use case, a rule, the data, a state or the scope; "
                    "Major when an assumption written down would do")
    why: str = Field("", description="What depends on the answer, in one sentence")
    options: list[str] = Field(min_length=MIN_OPTIONS, max_length=MAX_OPTIONS,
                               description="The answers to choose from, each short and distinct")
    recommended: int | None = Field(None, ge=1, le=MAX_OPTIONS,
                                    description="The number (from 1) of the option you recommend, or null")

    @model_validator(mode="before")
    @classmethod
    def _question_mark(cls, data: Any) -> Any:
        """A question without its question mark gets one (code's one safe fix)."""
        if isinstance(data, dict) and isinstance(data.get("question"), str):
            text = data["question"].strip()
            if text and not text.endswith("?"):
                return {**data, "question": text.rstrip(".:; ") + "?"}
        return data

    @model_validator(mode="after")
    def _options_hold(self) -> QuestionAnswer:
        if not one_line(self.question).endswith("?"):
            raise ValueError(f"question: must end with a question mark, was {self.question!r}")
        cleaned = clean_lines(self.options)
        if len(cleaned) != len(self.options) or len(set(cleaned)) != len(cleaned):
            raise ValueError(f"options: must be distinct and not empty, were {self.options!r}")
        if self.recommended is not None and not 1 <= self.recommended <= len(self.options):
            raise ValueError(f"recommended: the number of one of the {len(self.options)} options, was "
                             f"{self.recommended}")
        return self


def mend_questions(data: Any) -> Any:
    """What code mends in a list of questions before they are checked, since no schema holds a rule between
    two fields (a server that enforces the schema keeps the answer to it, so asking again could fail the same
    way): each question's options made distinct, a recommendation that names no option dropped, and a
    question left with fewer than two distinct options (no choice to make) left out."""
    if not isinstance(data, list):
        return data
    mended: list[Any] = []
    for item in data:
        if isinstance(item, dict) and isinstance(item.get("options"), list):
            options = list(dict.fromkeys(o.strip() for o in item["options"] if isinstance(o, str) and o.strip()))
            if len(options) < MIN_OPTIONS and all(isinstance(o, str) for o in item["options"]):
                continue
            recommended = item.get("recommended")
            if isinstance(recommended, int) and not 1 <= recommended <= len(options):
                recommended = None
            item = {**item, "options": options, "recommended": recommended}
        mended.append(item)
    return mended


Questions = Annotated[list[QuestionAnswer], BeforeValidator(mend_questions)]
"""The questions of an answer, mended by code first (`mend_questions`)."""


def to_open_questions(answers: Sequence[QuestionAnswer]) -> tuple[OpenQuestion, ...]:
    """The file's open questions from the model's: cleaned, the recommended option first, ordered, numbered."""
    questions = []
    for answer in answers:
        options, recommended = recommended_first(clean_lines(answer.options),
                                                 answer.recommended - 1 if answer.recommended else None)
        questions.append(OpenQuestion("Q0", answer.severity, one_line(answer.question), options, recommended,
                                      one_line(answer.why)))
    return order_questions(questions)
