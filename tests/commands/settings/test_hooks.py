import re

from orkeon_engine.commands.settings.hooks import ARGS, run_hooks
from orkeon_engine.domain.ui.args import parse_args
from orkeon_engine.domain.ui.view import render_text
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust

HOOKS = ('{"hooks": {"Stop": ["make lint"], "PreToolUse": [{"command": "./check.sh", "matcher": "shell_command", '
         '"timeout": 5}]}}')


async def test_hooks_lists_the_hooks_that_run_and_where_they_come_from():
    deps = await make_deps(files=FakeConfigFiles(project=HOOKS))

    view = await run_hooks(parse_args("hooks", ARGS, []), deps)

    assert view.table.rows == (("Stop", "", "make lint", "60 s", "project"),
                               ("PreToolUse", "shell_command", "./check.sh", "5 s", "project"))
    assert view.message == "2 hooks run at the points of the assistant's turn (from project)."
    assert "nothing runs" not in view.message and any("exit 2 blocks" in line for line in view.lines)


async def test_hooks_names_the_project_hooks_waiting_for_trust():
    deps = await make_deps(files=FakeConfigFiles(project=HOOKS), trust=FakeWorkspaceTrust(trusted=False))

    view = await run_hooks(parse_args("hooks", ARGS, []), deps)

    assert view.message == "No hook runs: none is declared that may run yet."
    assert any("not run until you trust this workspace" in line and "./check.sh" in line for line in view.lines)


async def test_hooks_shows_an_old_declaration_as_a_problem_naming_the_event():
    deps = await make_deps(files=FakeConfigFiles(user='{"hooks": {"afterTurn": ["make lint"]}}'))

    view = await run_hooks(parse_args("hooks", ARGS, []), deps)

    assert any(line.startswith("problem: hooks (") and "use Stop" in line for line in view.lines)


async def test_hooks_without_a_declaration_says_how_to_declare_one():
    deps = await make_deps()

    view = await run_hooks(parse_args("hooks", ARGS, []), deps)

    assert view.message == "No hook runs: none is declared."
    assert any(line.startswith("Declare one with: orkeon config set hooks") for line in view.lines)


async def test_hooks_says_a_pre_tool_entry_that_does_not_parse_refuses_every_call():
    deps = await make_deps(files=FakeConfigFiles(user='{"hooks": {"PreToolUse": [{"comand": "./guard.sh"}]}}'))

    view = await run_hooks(parse_args("hooks", ARGS, []), deps)

    assert view.message == "No hook runs: a PreToolUse entry does not parse, so every tool call is refused."
    assert any("unknown field 'comand'" in line for line in view.lines)
    assert any(line.startswith("A PreToolUse entry above does not parse: every tool call is refused") for line in
               view.lines)


async def test_no_state_of_hooks_says_that_nothing_runs_them():
    states = [FakeConfigFiles(), FakeConfigFiles(project=HOOKS), FakeConfigFiles(user=HOOKS),
              FakeConfigFiles(user='{"hooks": {"afterTurn": ["make lint"]}}')]
    for files in states:
        for trusted in (True, False):
            deps = await make_deps(files=files, trust=FakeWorkspaceTrust(trusted=trusted))

            text = render_text(await run_hooks(parse_args("hooks", ARGS, []), deps)).lower()

            assert not re.search(r"nothing runs|not run yet|are not run|never run|no hook is run", text), text
