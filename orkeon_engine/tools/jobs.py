"""start_job, job_status, job_tail: a long command run detached, how it is doing, the end of its log.

A look may wait first (wait_seconds): the job runs on while the tool sleeps on the Clock port, and the look
comes back as soon as the job ends or the wait is over, so the model need not poll in a tight loop.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.ports.shell_jobs import JobStatus, ShellJobs, ShellJobsError
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.tools.base import Tool
from orkeon_engine.tools.shaping import plural, shorten_line
from orkeon_engine.tools.shell_command import describe_command, shell_allow_refusal

POLL_SECONDS = 1.0
MAX_WAIT_SECONDS = 600
DEFAULT_TAIL_LINES = 50
MAX_TAIL_LINES = 500

_WAIT = Field(
    0,
    ge=0,
    le=MAX_WAIT_SECONDS,
    description="Seconds to let the job run before looking; the look comes back early when the job ends.",
)


async def wait_for_job(jobs: ShellJobs, clock: Clock, job_id: str, seconds: float) -> JobStatus:
    """The job's status once it has ended or `seconds` have passed, whichever comes first."""
    deadline = clock.monotonic() + seconds
    status = await jobs.status(job_id)
    while status.running:
        remaining = deadline - clock.monotonic()
        if remaining <= 0:
            break
        await clock.sleep(min(POLL_SECONDS, remaining))
        status = await jobs.status(job_id)
    return status


def status_line(status: JobStatus) -> str:
    if status.running:
        return f"{status.id} running for {status.elapsed:.0f} s: {status.command}"
    return f"{status.id} exited with code {status.exit_code} after {status.elapsed:.0f} s: {status.command}"


def _status_data(status: JobStatus) -> dict[str, object]:
    return {"job_id": status.id, "running": status.running, "exit_code": status.exit_code, "log": status.log}


class StartJobInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    command: str = Field(
        description="The command line, run by bash in /workspace without waiting for it (a server, a long "
        "build or test run). Every program must be on the allowed list."
    )
    log_folder: Literal["/tmp", "/output"] = Field(
        "/tmp", description="Where its log goes: /tmp (scratch) or /output (kept with the project)."
    )


class StartJobTool(Tool[StartJobInput]):
    name: ClassVar[str] = "start_job"
    tool_class: ClassVar[ToolClass] = "shell"
    description: ClassVar[str] = (
        "Start a long command in the background and return at once with its job id and log path; follow it "
        "with job_status and job_tail."
    )
    Input = StartJobInput

    def __init__(self, jobs: ShellJobs, config: ConfigStore, grammar: ShellGrammar, files: Files | None = None) -> None:
        self._jobs = jobs
        self._config = config
        self._grammar = grammar
        self._files = files

    async def describe(self, args: StartJobInput) -> ToolCall:
        return describe_command(self.name, args.model_dump(), args.command, self._grammar, self._files)

    async def run(self, args: StartJobInput) -> ToolResult:
        refusal = await shell_allow_refusal(self._config, self._grammar, args.command)
        if refusal is not None:
            return ToolResult(refusal, is_error=True, data={"refused": True})
        try:
            status = await self._jobs.start(args.command, args.log_folder)
        except ShellJobsError as error:
            return ToolResult(str(error), is_error=True)
        text = (
            f"started {status.id}, logging to {status.log}: {status.command}\n"
            "Follow it with job_status or job_tail; wait_seconds lets it run between two looks."
        )
        return ToolResult(text, data=_status_data(status))


class JobStatusInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    job_id: str | None = Field(None, description="The job's id (job-1); leave it out to list every job.")
    wait_seconds: float = _WAIT


class JobStatusTool(Tool[JobStatusInput]):
    name: ClassVar[str] = "job_status"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = (
        "Whether a job started with start_job still runs, or its exit code; without a job id, every job."
    )
    Input = JobStatusInput

    def __init__(self, jobs: ShellJobs, clock: Clock) -> None:
        self._jobs = jobs
        self._clock = clock

    async def run(self, args: JobStatusInput) -> ToolResult:
        try:
            if args.job_id is None:
                every = await self._jobs.list_jobs()
                text = "\n".join(status_line(s) for s in every) or "no job has been started"
                return ToolResult(text, data={"jobs": [_status_data(s) for s in every]})
            status = await wait_for_job(self._jobs, self._clock, args.job_id, args.wait_seconds)
        except ShellJobsError as error:
            return ToolResult(str(error), is_error=True)
        return ToolResult(f"{status_line(status)}\nlog: {status.log}", data=_status_data(status))


class JobTailInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    job_id: str = Field(description="The job's id (job-1).")
    lines: int = Field(DEFAULT_TAIL_LINES, ge=1, le=MAX_TAIL_LINES, description="How many of the last lines to show.")
    wait_seconds: float = _WAIT


class JobTailTool(Tool[JobTailInput]):
    name: ClassVar[str] = "job_tail"
    tool_class: ClassVar[ToolClass] = "read"
    description: ClassVar[str] = "The last lines of a job's log, with its status; a note says how much came before."
    Input = JobTailInput

    def __init__(self, jobs: ShellJobs, clock: Clock) -> None:
        self._jobs = jobs
        self._clock = clock

    async def run(self, args: JobTailInput) -> ToolResult:
        try:
            await wait_for_job(self._jobs, self._clock, args.job_id, args.wait_seconds)
            tail = await self._jobs.tail(args.job_id, args.lines)
        except ShellJobsError as error:
            return ToolResult(str(error), is_error=True)
        earlier = tail.total_lines - len(tail.lines)
        lines = [status_line(tail.status)]
        if earlier:
            lines.append(f"[{plural(earlier, 'earlier line')} left out; the whole log is {tail.status.log}]")
        lines.extend(shorten_line(line)[0] for line in tail.lines)
        if not tail.lines:
            lines.append("(the log is empty so far)")
        return ToolResult("\n".join(lines), data={**_status_data(tail.status), "total_lines": tail.total_lines})
