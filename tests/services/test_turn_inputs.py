from orkeon_engine.domain.context.turn_inputs import Hook, ProjectInstructions, Skill
from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.shell import ShellError, ShellResult
from orkeon_engine.services.turn_inputs import (
    GIT_FILES_COMMAND,
    GIT_STATUS_COMMAND,
    SKILLS_KEY,
    call_options,
    read_behaviour,
    read_budget,
    read_environment,
    read_hooks,
    read_instructions,
    read_memory,
    read_skills,
    session_cost,
)
from tests.support.deps import make_deps
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_memory_store import FakeMemoryStore
from tests.support.doubles.fake_shell import FakeShell

GIT = WorkspaceInfo("/repo", "/repo", True)


async def test_the_budget_is_the_references_unless_the_settings_say():
    deps = await make_deps()
    await deps.config.set_value("assistant.budget.seconds", "60", "session")

    budget = await read_budget(deps.config)

    assert budget == Budget(tool_calls=200, seconds=60.0, context_tokens=700_000)


async def test_the_flags_choose_the_effort_and_the_fast_model():
    deps = await make_deps()
    for key, value in [("assistant.effort", "low"), ("assistant.fast", "true"), ("model.fast", "openai/quick")]:
        await deps.config.set_value(key, value, "session")

    options, warnings = await call_options(deps.config, await read_behaviour(deps.config))

    assert (options.reasoning_effort, options.model, warnings) == ("low", "openai/quick", [])


async def test_the_temperature_setting_reaches_the_call_and_unset_leaves_the_providers():
    deps = await make_deps()
    unset, _ = await call_options(deps.config, await read_behaviour(deps.config))
    await deps.config.set_value("model.temperature", "0.2", "session")

    options, _ = await call_options(deps.config, await read_behaviour(deps.config))

    assert (unset.temperature, options.temperature) == (None, 0.2)


async def test_the_output_limit_setting_is_sent_as_max_tokens():
    deps = await make_deps()
    await deps.config.set_value("model.maxOutputTokens", "2048", "session")

    options, _ = await call_options(deps.config, await read_behaviour(deps.config))

    assert options.max_tokens == 2048


async def test_agents_md_is_read_before_claude_md():
    files = FakeFiles({"/workspace/AGENTS.md": "agents", "/workspace/CLAUDE.md": "claude"})

    assert await read_instructions(files) == ProjectInstructions("AGENTS.md", "agents")


async def test_no_instructions_file_is_none():
    assert await read_instructions(FakeFiles()) is None


async def test_the_attached_skills_are_read_from_their_files_and_a_missing_one_says_so():
    deps = await make_deps(vfs=FakeFiles({"/workspace/docs/release.md": "1. tag"}))
    await deps.session.set_state(SKILLS_KEY, ["/workspace/docs/release.md", "/workspace/gone.md", 3])

    skills = await read_skills(deps.session, deps.files)

    assert skills[0] == Skill("release.md", "1. tag")
    assert skills[1].name == "gone.md" and skills[1].text.startswith("(the file /workspace/gone.md cannot be read")
    assert len(skills) == 2


async def test_the_hooks_that_run_are_named_by_event_and_matcher_and_an_old_event_is_not():
    deps = await make_deps()
    await deps.config.set_value("hooks", '{"PostToolUse": [{"matcher": "file_write", "command": "make lint"}, ""], '
                                '"Stop": "make test", "beforeCommit": "x"}', "session")

    hooks = await read_hooks(deps.config)

    assert hooks == (Hook("PostToolUse file_write", "make lint"), Hook("Stop", "make test"))


async def test_outside_a_repository_there_is_no_git_status():
    env = await read_environment(WorkspaceInfo("/w", None, True), FakeClock(), FakeShell())

    assert (env.working_directory, env.date, env.git_status) == ("/workspace", "2026-01-15", None)


async def test_the_git_status_is_read_through_the_shell():
    shell = FakeShell({GIT_STATUS_COMMAND: ShellResult(GIT_STATUS_COMMAND, 0, "## main\n")})

    env = await read_environment(GIT, FakeClock(), shell)

    assert env.git_status == "## main\n"


async def test_the_project_files_are_listed_by_git_sorted():
    listing = "test_calc.py\ncalc.py\nREADME.md\n"
    shell = FakeShell({GIT_FILES_COMMAND: ShellResult(GIT_FILES_COMMAND, 0, listing)})

    env = await read_environment(GIT, FakeClock(), shell)

    assert env.files == ("README.md", "calc.py", "test_calc.py")


async def test_a_file_list_git_could_not_give_whole_is_left_out():
    cut = ShellResult(GIT_FILES_COMMAND, 0, "a.py\nb.py\n", omitted_bytes=90_000)
    failed = ShellResult(GIT_FILES_COMMAND, 128, "fatal: not a git repository")

    envs = [await read_environment(GIT, FakeClock(), FakeShell({GIT_FILES_COMMAND: result}))
            for result in (cut, failed)]

    assert [env.files for env in envs] == [(), ()]


async def test_a_git_status_that_fails_says_why():
    shell = FakeShell()
    shell.error = ShellError("no /bin/sh")

    env = await read_environment(GIT, FakeClock(), shell)

    assert env.git_status == "(the git status could not be read: no /bin/sh)"


async def test_a_failing_memory_store_is_logged_and_skipped():
    memory = FakeMemoryStore()
    memory.fail_reads = OSError("memory.json: invalid JSON")
    logger = FakeLogger()

    notes = await read_memory(memory, logger)

    assert notes == () and "invalid JSON" in logger.lines[0][1]


async def test_the_cost_is_unknown_without_a_ledger():
    assert await session_cost(None, "s1") == "unknown"
