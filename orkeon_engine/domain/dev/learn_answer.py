"""The JSON shape of /dev-learn's answer for one axis (Llm.extract validates it); code then checks each motif
against the rows it was given and the project's files (domain/dev/proposals.py) before anything is written."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class MotifAnswer(BaseModel):
    cause: str = Field(description="The one cause the rows share, in one sentence")
    rows: list[str] = Field(description="The ids of the rows that share it, as given (<code>/F<n>/V<k>)")
    line: str = Field(description="The one preventive line that would have stopped every one of its rows")
    kind: Literal["check", "rule"] = Field(description="check: a test, an analyzer rule, an import contract or "
                                                       "the gate; rule: a written rule")
    owner: str = Field(description="The project file the line goes into, the closest to where the gap was made")


class SkippedAnswer(BaseModel):
    refused: str = Field(description="The id of the refused proposal the motif matches (P<n>)")
    why: str = Field(description="Why its owner does not prevent it yet")
    word: str = Field(description="The word that would find it at its owner")


class DroppedAnswer(BaseModel):
    candidate: str = Field(description="The candidate motif dropped, in a few words")
    filter: str = Field(description="The filter it failed: three batches, one cause, preventable, three at most")
    reason: str = Field(description="Why it failed that filter")


class LearnAnswer(BaseModel):
    """The motifs of one axis (three at most), the refused ones skipped, the candidates dropped."""

    motifs: list[MotifAnswer] = Field(default_factory=list)
    skipped: list[SkippedAnswer] = Field(default_factory=list)
    dropped: list[DroppedAnswer] = Field(default_factory=list)
