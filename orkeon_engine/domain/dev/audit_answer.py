"""The JSON shape of the dev-auditor's answer (its own report, or the extraction of a report in prose that
Llm.extract validates); code then checks each row's cite and axis before it is written (services/dev_audit)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from orkeon_engine.domain.dev.verdict import Axis, RowSeverity


class RowAnswer(BaseModel):
    severity: RowSeverity = Field(description="Blocking, Major or Minor, as the brief defines them")
    axis: Axis = Field(description="The axis the gap is on")
    cites: str = Field(description="A path:line of the project, or a capture file named in the brief")
    text: str = Field(description="The gap in one sentence: what is wrong, and what shows it")


class UndecidedAnswer(BaseModel):
    axis: Axis = Field(description="An axis code left not checked that the auditor could not decide")
    reason: str = Field(description="Why it could not be decided")


class AuditAnswer(BaseModel):
    """The auditor's rows (eight at most, the most severe first) and the axes it leaves undecided."""

    rows: list[RowAnswer] = Field(default_factory=list)
    undecided: list[UndecidedAnswer] = Field(default_factory=list)
    run_tests: list[str] = Field(default_factory=list,
                                 description="At most three test files for code to run, never a folder or a suite")
