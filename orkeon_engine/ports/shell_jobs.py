"""ShellJobs: a long command run detached, its status, the tail of its log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class ShellJobsError(Exception):
    """An unknown job id, a log folder that is not offered, or a job that cannot be started; the message
    names the job or the folder and what is accepted."""


@dataclass(frozen=True)
class JobStatus:
    """One job: its id, command line, the virtual path of its log, and whether it still runs.

    `exit_code` is None while it runs; `elapsed` is the seconds since it started (until it ended, once seen
    ended)."""

    id: str
    command: str
    log: str
    running: bool
    exit_code: int | None
    elapsed: float


@dataclass(frozen=True)
class JobTail:
    """The last lines of a job's log, and how many lines the log holds in all."""

    status: JobStatus
    lines: tuple[str, ...]
    total_lines: int


class ShellJobs(Protocol):
    """Jobs started with `bash --noprofile --norc -c command` in the workspace root, stdout and stderr going
    to a log file under /tmp/jobs/ or /output/jobs/.

    Failure contract: `start` raises ShellJobsError when the log folder is not /tmp or /output or the
    command cannot be started; `status` and `tail` raise ShellJobsError for an unknown id; a job that
    fails is a status with its exit code, never an exception. The jobs still running when the engine
    stops are stopped."""

    async def start(self, command: str, log_folder: str = "/tmp") -> JobStatus: ...

    async def status(self, job_id: str) -> JobStatus: ...

    async def list_jobs(self) -> list[JobStatus]: ...

    async def tail(self, job_id: str, lines: int = 50) -> JobTail: ...
