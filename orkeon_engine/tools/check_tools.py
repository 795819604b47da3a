"""run_tests and run_build: the project's own test and build commands (ports/project_checks.py), run by code
for the model; the model names test files at most, never a command line. Each answers with the command that
ran, how it ended and the tail of its output. They are shell-class calls: the gate sees the command line."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.checks.check_commands import target_problem
from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.ports.project_checks import CheckRun, ProjectChecks
from orkeon_engine.tools.base import Tool

MAX_TARGETS = 20


def check_text(run: CheckRun) -> str:
    """How a check ended, for the model: its command, its exit code (or why nothing ran), its tail."""
    if not run.command:
        return f"nothing ran: {run.reason}"
    head = f"$ {run.command}\n" + (f"exit code {run.exit_code}" if run.ran else f"not finished: {run.reason}")
    cut = run.total_lines - len(run.tail)
    lines = ([f"[{cut} earlier lines left out]"] if cut > 0 else []) + list(run.tail)
    return "\n".join([head, *lines])


class RunTestsInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tests: list[str] = Field(
        default_factory=list, max_length=MAX_TARGETS,
        description="Workspace-relative test files (or file::test) to run; empty runs the whole suite.")


class RunTestsTool(Tool[RunTestsInput]):
    name: ClassVar[str] = "run_tests"
    tool_class: ClassVar[ToolClass] = "shell"
    description: ClassVar[str] = (
        "Run the project's own test command, narrowed to the test files named (the whole suite when none is "
        "named). Answers with the command, its exit code and the end of its output.")
    Input = RunTestsInput

    def __init__(self, checks: ProjectChecks) -> None:
        self._checks = checks

    async def describe(self, args: RunTestsInput) -> ToolCall:
        command = (self._checks.command_for("tests", args.tests) if args.tests
                   else self._checks.command_for("suite")) or "(no test command)"
        return ToolCall(self.name, self.tool_class, args.model_dump(), command=command)

    async def run(self, args: RunTestsInput) -> ToolResult:
        problem = next((p for t in args.tests if (p := target_problem(t))), "")
        if problem:
            return ToolResult(f"not run: {problem}; name test files as the workspace holds them", is_error=True)
        run = await (self._checks.run("tests", args.tests) if args.tests else self._checks.run("suite"))
        return ToolResult(check_text(run), is_error=not run.passed,
                          data={"command": run.command, "exitCode": run.exit_code})


class RunBuildInput(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RunBuildTool(Tool[RunBuildInput]):
    name: ClassVar[str] = "run_build"
    tool_class: ClassVar[ToolClass] = "shell"
    description: ClassVar[str] = (
        "Run the project's own build (or its type check when it states no build). Answers with the command, "
        "its exit code and the end of its output.")
    Input = RunBuildInput

    def __init__(self, checks: ProjectChecks) -> None:
        self._checks = checks

    async def describe(self, args: RunBuildInput) -> ToolCall:
        return ToolCall(self.name, self.tool_class, {}, command=self._checks.command_for("build") or "(no build)")

    async def run(self, args: RunBuildInput) -> ToolResult:
        run = await self._checks.run("build")
        return ToolResult(check_text(run), is_error=not run.passed,
                          data={"command": run.command, "exitCode": run.exit_code})
