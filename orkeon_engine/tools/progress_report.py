"""progress_report: a short line on the person's progress display while long work goes on."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.tool_call import ToolClass, ToolResult
from orkeon_engine.ports.progress import Progress
from orkeon_engine.tools.base import Tool

MAX_MESSAGE_CHARS = 200


class ProgressReportInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message: str = Field(
        max_length=MAX_MESSAGE_CHARS, description="What is being done now, in a few words the person reads."
    )
    percentage: int | None = Field(None, ge=0, le=100, description="How far along the work is, when known.")


class ProgressReportTool(Tool[ProgressReportInput]):
    name: ClassVar[str] = "progress_report"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Tell the person, on their progress display, what long work is doing now. It changes nothing else; "
        "the final answer still carries every result."
    )
    Input = ProgressReportInput

    def __init__(self, progress: Progress) -> None:
        self._progress = progress

    async def run(self, args: ProgressReportInput) -> ToolResult:
        message = " ".join(args.message.split())
        self._progress.report(message, args.percentage)
        return ToolResult("reported", data={"message": message, "percentage": args.percentage})
