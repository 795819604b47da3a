from orkeon_engine.ports.shell_jobs import ShellJobsError
from orkeon_engine.tools.jobs import JobStatusTool, JobTailTool, StartJobTool, wait_for_job
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.deps import make_deps
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_shell_jobs import FakeShellJobs


async def _tools(project=None):
    jobs = FakeShellJobs(FakeClock())
    deps = await make_deps(files=FakeConfigFiles(project=project), jobs=jobs)
    start = StartJobTool(jobs, deps.config, BASH_GRAMMAR)
    return jobs, start, JobStatusTool(jobs, jobs.clock), JobTailTool(jobs, jobs.clock)


async def test_a_job_starts_and_the_result_names_its_id_and_log():
    jobs, start, _, _ = await _tools()

    result = await start.run(start.parse({"command": "npm run dev", "log_folder": "/output"}))

    assert result.text.startswith("started job-1, logging to /output/jobs/job-1.log: npm run dev")
    assert jobs.jobs["job-1"].command == "npm run dev"


async def test_a_job_whose_program_is_not_allowed_is_refused_and_not_started():
    jobs, start, _, _ = await _tools()

    result = await start.run(start.parse({"command": "curl http://example.com"}))

    assert result.is_error and result.text.startswith("refused: curl is not on the shell.allow list")
    assert jobs.jobs == {}


async def test_a_job_that_cannot_start_is_an_error_result():
    jobs, start, _, _ = await _tools()
    jobs.start_error = ShellJobsError("cannot start job-1 (pytest): No such file or directory")

    result = await start.run(start.parse({"command": "pytest"}))

    assert result.is_error and result.text.startswith("cannot start job-1")


async def test_a_look_without_a_wait_reports_a_running_job_at_once():
    jobs, start, status, _ = await _tools()
    await start.run(start.parse({"command": "pytest"}))
    jobs.clock.advance(12)

    result = await status.run(status.parse({"job_id": "job-1"}))

    assert result.text == "job-1 running for 12 s: pytest\nlog: /tmp/jobs/job-1.log"
    assert jobs.clock.sleeps == []


async def test_a_wait_lets_the_job_run_and_comes_back_as_soon_as_it_ends():
    jobs, start, status, _ = await _tools()
    jobs.run_for = 3.5
    await start.run(start.parse({"command": "pytest"}))
    jobs.jobs["job-1"].exit_code = 1

    result = await status.run(status.parse({"job_id": "job-1", "wait_seconds": 60}))

    assert result.text.startswith("job-1 exited with code 1 after 4 s: pytest")
    assert jobs.clock.monotonic() == 4.0 and jobs.clock.sleeps == [1.0, 1.0, 1.0, 1.0]


async def test_a_wait_ends_at_its_time_when_the_job_still_runs():
    jobs, start, status, _ = await _tools()
    await start.run(start.parse({"command": "npm run dev"}))

    result = await status.run(status.parse({"job_id": "job-1", "wait_seconds": 2.5}))

    assert result.data["running"] and jobs.clock.sleeps == [1.0, 1.0, 0.5]


async def test_wait_for_job_looks_once_when_no_wait_is_asked():
    jobs = FakeShellJobs()
    await jobs.start("pytest")

    await wait_for_job(jobs, jobs.clock, "job-1", 0)

    assert jobs.looks == 1


async def test_every_job_is_listed_without_an_id():
    jobs, start, status, _ = await _tools()
    await start.run(start.parse({"command": "pytest"}))
    await start.run(start.parse({"command": "ruff check ."}))

    result = await status.run(status.parse({}))

    assert result.text.splitlines() == ["job-1 running for 0 s: pytest", "job-2 running for 0 s: ruff check ."]


async def test_no_job_yet_says_so():
    _, _, status, _ = await _tools()

    result = await status.run(status.parse({}))

    assert result.text == "no job has been started"


async def test_an_unknown_job_is_an_error_result_naming_the_jobs():
    _, _, status, tail = await _tools()

    looked = await status.run(status.parse({"job_id": "job-7"}))
    tailed = await tail.run(tail.parse({"job_id": "job-7"}))

    assert looked.is_error and looked.text == "no job 'job-7'; jobs: none started yet"
    assert tailed.is_error


async def test_the_tail_shows_the_last_lines_and_how_many_came_before():
    jobs, start, _, tail = await _tools()
    await start.run(start.parse({"command": "pytest"}))
    jobs.jobs["job-1"].log_lines = [f"test {n}" for n in range(1, 101)]

    result = await tail.run(tail.parse({"job_id": "job-1", "lines": 2}))

    assert result.text.splitlines() == [
        "job-1 running for 0 s: pytest",
        "[98 earlier lines left out; the whole log is /tmp/jobs/job-1.log]",
        "test 99",
        "test 100",
    ]


async def test_the_tail_of_a_silent_job_says_its_log_is_empty_after_the_wait():
    jobs, start, _, tail = await _tools()
    jobs.run_for = 1
    await start.run(start.parse({"command": "make"}))

    result = await tail.run(tail.parse({"job_id": "job-1", "wait_seconds": 10}))

    assert result.text.splitlines() == ["job-1 exited with code 0 after 1 s: make", "(the log is empty so far)"]


async def test_describe_of_a_start_hands_the_gate_the_command():
    _, start, _, _ = await _tools()

    call = await start.describe(start.parse({"command": "npm test"}))

    assert (call.tool_class, call.command) == ("shell", "npm test")
