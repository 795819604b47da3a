"""SubprocessShellJobs: the ShellJobs port over detached `bash --noprofile --norc -c` processes writing to log
files (the same shell, and the same environment, as SubprocessShell)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from orkeon_engine.adapters.subprocess_shell import bash_command, bash_path, quiet_environment
from orkeon_engine.domain.secrets.secret_masking import mask_secrets
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.shell_jobs import JobStatus, JobTail, ShellJobsError

LOG_FOLDERS = ("/tmp", "/output")
STOP_GRACE_SECONDS = 1.0


@dataclass
class _Job:
    id: str
    command: str
    log: str
    log_host: Path
    process: subprocess.Popen[bytes]
    started: float
    ended: float | None = None


class SubprocessShellJobs:
    """The engine's jobs, numbered job-1, job-2, ... in the order they were started."""

    def __init__(self, root: Path, files: Files, clock: Clock, env: Mapping[str, str] | None = None,
                 mask_from: Sequence[Mapping[str, str]] = ()) -> None:
        self._root = root
        self._files = files
        self._clock = clock
        self._env = quiet_environment(env)
        self._mask_from = [self._env, os.environ, *mask_from]
        self._bash = bash_path()
        self._jobs: dict[str, _Job] = {}

    async def start(self, command: str, log_folder: str = "/tmp") -> JobStatus:
        folder = log_folder.strip().rstrip("/")
        if folder not in LOG_FOLDERS:
            raise ShellJobsError(f"a job's log goes to /tmp or /output, not {log_folder!r}")
        job_id = f"job-{len(self._jobs) + 1}"
        log = f"{folder}/jobs/{job_id}.log"
        try:
            log_host = Path(self._files.host_path(log))
        except FilesError as error:
            raise ShellJobsError(f"cannot place the log of {job_id}: {error}") from None
        try:
            process = await asyncio.to_thread(self._spawn, command, log_host)
        except OSError as error:
            raise ShellJobsError(f"cannot start {job_id} ({command}): {error.strerror or error}") from None
        self._jobs[job_id] = _Job(job_id, command, log, log_host, process, self._clock.monotonic())
        return self._status_of(self._jobs[job_id])

    async def status(self, job_id: str) -> JobStatus:
        return self._status_of(self._job(job_id))

    async def list_jobs(self) -> list[JobStatus]:
        return [self._status_of(job) for job in self._jobs.values()]

    async def tail(self, job_id: str, lines: int = 50) -> JobTail:
        job = self._job(job_id)
        status = self._status_of(job)
        last, total = await asyncio.to_thread(_tail_of, job.log_host, lines)
        return JobTail(status, tuple(mask_secrets(line, self._mask_from) for line in last), total)

    def close(self) -> None:
        """Stop every job still running: SIGTERM to its process group, SIGKILL after a grace second."""
        running = [job for job in self._jobs.values() if job.process.poll() is None]
        for job in running:
            _signal_group(job.process.pid, signal.SIGTERM)
        for job in running:
            try:
                job.process.wait(STOP_GRACE_SECONDS)
            except subprocess.TimeoutExpired:
                _signal_group(job.process.pid, signal.SIGKILL)
                job.process.wait()

    def _spawn(self, command: str, log_host: Path) -> subprocess.Popen[bytes]:
        log_host.parent.mkdir(parents=True, exist_ok=True)
        with open(log_host, "wb") as log:
            return subprocess.Popen(
                bash_command(command, self._bash),
                cwd=self._root,
                env=self._env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def _job(self, job_id: str) -> _Job:
        job = self._jobs.get(job_id.strip())
        if job is None:
            known = ", ".join(self._jobs) or "none started yet"
            raise ShellJobsError(f"no job {job_id!r}; jobs: {known}")
        return job

    def _status_of(self, job: _Job) -> JobStatus:
        code = job.process.poll()
        if code is not None and job.ended is None:
            job.ended = self._clock.monotonic()
        until = job.ended if job.ended is not None else self._clock.monotonic()
        return JobStatus(job.id, job.command, job.log, code is None, code, max(until - job.started, 0.0))


def _tail_of(log: Path, count: int) -> tuple[tuple[str, ...], int]:
    last: deque[str] = deque(maxlen=max(count, 0))
    total = 0
    try:
        with open(log, "rb") as handle:
            for raw in handle:
                total += 1
                last.append(raw.decode("utf-8", errors="replace").rstrip("\r\n"))
    except FileNotFoundError:
        return (), 0
    return tuple(last), total


def _signal_group(pid: int, signum: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signum)
