import os

import pytest

from orkeon_engine.adapters.subprocess_jobs import SubprocessShellJobs
from orkeon_engine.adapters.system_clock import SystemClock
from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.ports.shell_jobs import ShellJobsError


@pytest.fixture
def jobs(tmp_path):
    workspace = tmp_path / "project"
    workspace.mkdir()
    vfs = create_workspace_vfs(workspace, workspace / ".orkeon" / "local")
    jobs = SubprocessShellJobs(workspace, vfs, SystemClock(), os.environ)
    yield jobs, vfs
    jobs.close()
    vfs.close()


async def _until_done(jobs, job_id):
    clock = SystemClock()
    for _ in range(200):
        status = await jobs.status(job_id)
        if not status.running:
            return status
        await clock.sleep(0.05)
    raise AssertionError(f"{job_id} did not end")


async def test_a_job_runs_detached_logs_to_tmp_and_ends_with_its_exit_code(jobs):
    jobs, vfs = jobs

    started = await jobs.start("echo one; echo two >&2; exit 4")
    ended = await _until_done(jobs, started.id)

    assert (started.id, started.log) == ("job-1", "/tmp/jobs/job-1.log")
    assert (ended.running, ended.exit_code) == (False, 4)
    assert await vfs.read_text(started.log) == "one\ntwo\n"


async def test_a_job_runs_under_bash(jobs):
    jobs, _ = jobs
    status = await jobs.start("ls &>/dev/null touch PWNED; echo $0 $BASH_VERSION")
    await _until_done(jobs, status.id)

    tail = await jobs.tail(status.id)

    assert tail.lines[0].split()[0].endswith("bash") and len(tail.lines[0].split()) == 2


async def test_a_running_job_is_reported_running_without_an_exit_code(jobs):
    jobs, _ = jobs

    started = await jobs.start("sleep 30")
    status = await jobs.status(started.id)

    assert (status.running, status.exit_code) == (True, None)


async def test_the_tail_gives_the_last_lines_and_the_line_count(jobs):
    jobs, _ = jobs
    started = await jobs.start("seq 1 100", log_folder="/output")
    await _until_done(jobs, started.id)

    tail = await jobs.tail(started.id, lines=3)

    assert (tail.lines, tail.total_lines, tail.status.log) == (("98", "99", "100"), 100, "/output/jobs/job-1.log")


async def test_jobs_are_listed_in_the_order_they_started(jobs):
    jobs, _ = jobs
    await jobs.start("true")
    await jobs.start("true")

    assert [s.id for s in await jobs.list_jobs()] == ["job-1", "job-2"]


async def test_an_unknown_job_and_a_bad_log_folder_are_refused(jobs):
    jobs, _ = jobs

    with pytest.raises(ShellJobsError, match="no job 'job-9'; jobs: none started yet"):
        await jobs.status("job-9")
    with pytest.raises(ShellJobsError, match="/tmp or /output"):
        await jobs.start("true", log_folder="/workspace")


async def test_close_stops_the_jobs_still_running(jobs):
    jobs, _ = jobs
    started = await jobs.start("sleep 30")

    jobs.close()

    status = await jobs.status(started.id)
    assert not status.running and status.exit_code is not None


async def test_a_key_in_the_environment_is_masked_in_a_jobs_tail(tmp_path):
    workspace = tmp_path / "project"
    workspace.mkdir()
    vfs = create_workspace_vfs(workspace, workspace / ".orkeon" / "local")
    jobs = SubprocessShellJobs(workspace, vfs, SystemClock(), {"PATH": os.environ["PATH"],
                                                                "ANTHROPIC_API_KEY": "abcd1234efgh5678"})
    started = await jobs.start("echo key=$ANTHROPIC_API_KEY")
    await _until_done(jobs, started.id)

    tail = await jobs.tail(started.id)

    jobs.close()
    vfs.close()
    assert tail.lines == ("key=***",)
