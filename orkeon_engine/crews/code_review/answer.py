"""The shape of a lens's answer, as the model must give it in JSON, and its conversion to proposals.

The model names the path, title, quoted line, line, severity and detail of each finding; code adds the lens
and the pass, then decides what stands (domain/review/anchoring.py). Severities are read without regard to case.

The fields are declared in the order a model should think them through, since a server that enforces the
schema by grammar (llama.cpp, vLLM) makes the model write them in that order: the problem first, then the
line that holds it, then its number. A model asked for the number first picks a line before it has named
the problem, and small models then point at the function's first line.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, WithJsonSchema, field_validator

from orkeon_engine.domain.review.anchoring import Proposal


class ProposedFinding(BaseModel):
    """One finding as the model writes it."""

    path: str = Field(description="the file's path exactly as the diff header names it")
    title: str = Field(description="one short sentence naming the problem")
    quote: str = Field(description="the one line that holds the problem, copied exactly")
    line: int = Field(ge=1, description="the new-file number printed at the left of that line")
    end_line: int | None = Field(default=None, ge=1, description="the last line of the span, when it is longer")
    severity: Literal["blocker", "high", "medium", "low", "nit"]
    detail: str = Field(default="", description="why it is a problem and what would fix it")
    replacement: str | None = Field(
        default=None, description="the new text for the lines from line to end_line, when the fix is that small"
    )

    @field_validator("severity", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value


class LensAnswer(BaseModel):
    """A lens's whole answer: its findings, possibly none."""

    findings: list[ProposedFinding] = Field(default_factory=list)


NEUTRAL_SEVERITIES: tuple[str, ...] = ("low", "nit")
"""What a lens may answer when code proved every file of the change behaviour-neutral."""


class NeutralFinding(ProposedFinding):
    """A finding on a change code proved behaviour-neutral: the schema offers only low and nit (a server
    that enforces it keeps to them); a graver answer from a server that does not is still read, and the
    merge step caps it and says so (domain/review/behaviour_neutral.py)."""

    severity: Annotated[
        Literal["blocker", "high", "medium", "low", "nit"],
        WithJsonSchema({"type": "string", "enum": list(NEUTRAL_SEVERITIES)}),
    ]


class NeutralLensAnswer(LensAnswer):
    """A lens's whole answer on a behaviour-neutral change: its findings, possibly none."""

    findings: list[NeutralFinding] = Field(default_factory=list)  # type: ignore[assignment]


def answer_model(all_neutral: bool) -> type[LensAnswer]:
    """The answer's model: its severities narrowed to low and nit when every file is proven neutral."""
    return NeutralLensAnswer if all_neutral else LensAnswer


def to_proposals(answer: LensAnswer, lens: str, pass_index: int) -> list[Proposal]:
    return [
        Proposal(
            path=item.path,
            line=item.line,
            quote=item.quote,
            severity=item.severity,
            lens=lens,
            title=item.title,
            detail=item.detail,
            end_line=item.end_line,
            replacement=item.replacement,
            pass_index=pass_index,
        )
        for item in answer.findings
    ]
