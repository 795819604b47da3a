from orkeon_engine.commands.settings.hooks import ARGS, run_hooks
from orkeon_engine.domain.args import parse_args
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles

HOOKS = '{"hooks": {"afterTurn": ["make lint"], "beforeTool": [{"command": "./check.sh", "matcher": "shell_command"}]}}'


async def test_hooks_lists_the_declared_hooks_and_says_nothing_runs_them():
    deps = await make_deps(files=FakeConfigFiles(project=HOOKS))

    view = await run_hooks(parse_args("hooks", ARGS, []), deps)

    assert view.table.rows == (("afterTurn", "", "make lint"), ("beforeTool", "shell_command", "./check.sh"))
    assert "2 hooks declared (from project); nothing runs them yet" in view.message


async def test_hooks_without_a_declaration_says_how_to_declare_one():
    deps = await make_deps()

    view = await run_hooks(parse_args("hooks", ARGS, []), deps)

    assert view.message == "No hook is declared (and nothing runs them yet)."
    assert any(line.startswith("Declare one with: orkeon config set hooks") for line in view.lines)


async def test_hooks_shows_the_problems_of_a_declaration_beside_the_good_ones():
    deps = await make_deps(files=FakeConfigFiles(project='{"hooks": {"afterTurn": ["make lint", 7]}}'))

    view = await run_hooks(parse_args("hooks", ARGS, []), deps)

    assert view.lines[0].startswith("problem: hooks.afterTurn[1]")
    assert len(view.table.rows) == 1
