"""FakeShellJobs: the ShellJobs port over a FakeClock; a job runs until the clock reaches its `ends_at`.

`run_for` sets how long the next started jobs run (None: until a test sets the job's `ends_at`); a job's
`log_lines` and `exit_code` are plain fields to set.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from orkeon_engine.ports.shell_jobs import JobStatus, JobTail, ShellJobsError
from tests.support.doubles.fake_clock import FakeClock


@dataclass
class FakeJob:
    command: str
    log: str
    started: float
    ends_at: float | None = None
    exit_code: int = 0
    log_lines: list[str] = field(default_factory=list)


class FakeShellJobs:
    def __init__(self, clock: FakeClock | None = None) -> None:
        self.clock = clock or FakeClock()
        self.jobs: dict[str, FakeJob] = {}
        self.run_for: float | None = None
        self.start_error: ShellJobsError | None = None
        self.looks = 0

    async def start(self, command: str, log_folder: str = "/tmp") -> JobStatus:
        if self.start_error is not None:
            raise self.start_error
        if log_folder not in ("/tmp", "/output"):
            raise ShellJobsError(f"a job's log goes to /tmp or /output, not {log_folder!r}")
        job_id = f"job-{len(self.jobs) + 1}"
        now = self.clock.monotonic()
        ends_at = None if self.run_for is None else now + self.run_for
        self.jobs[job_id] = FakeJob(command, f"{log_folder}/jobs/{job_id}.log", now, ends_at)
        return self._status(job_id)

    async def status(self, job_id: str) -> JobStatus:
        self.looks += 1
        return self._status(job_id)

    async def list_jobs(self) -> list[JobStatus]:
        return [self._status(job_id) for job_id in self.jobs]

    async def tail(self, job_id: str, lines: int = 50) -> JobTail:
        status = self._status(job_id)
        log = self.jobs[job_id].log_lines
        return JobTail(status, tuple(log[-lines:]), len(log))

    def _status(self, job_id: str) -> JobStatus:
        job = self.jobs.get(job_id)
        if job is None:
            raise ShellJobsError(f"no job {job_id!r}; jobs: {', '.join(self.jobs) or 'none started yet'}")
        now = self.clock.monotonic()
        running = job.ends_at is None or now < job.ends_at
        until = now if running or job.ends_at is None else job.ends_at
        return JobStatus(job_id, job.command, job.log, running, None if running else job.exit_code,
                         until - job.started)
