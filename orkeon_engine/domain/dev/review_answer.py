"""The JSON shape the review's extraction answers in (Llm.extract validates it); code then reads each
finding as it reads the reviewer's own JSON (review.py), dropping what does not hold."""

from __future__ import annotations

from pydantic import BaseModel, Field


class FindingAnswer(BaseModel):
    severity: str = Field(description="Blocking or Major")
    target: str = Field(description="The file itself, or one id of the list given")
    cites: str = Field(description="A path:line the reviewer opened, or a section as §N")
    question: str = Field(description="One sentence ending in the question a yes, a no or a listed choice settles")


class ReviewAnswer(BaseModel):
    findings: list[FindingAnswer] = Field(default_factory=list)
