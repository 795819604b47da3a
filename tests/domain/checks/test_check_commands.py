from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.checks.check_commands import check_command, target_problem
from orkeon_engine.domain.checks.project_tooling import detect_zones

PYTHON = detect_zones(["pyproject.toml", "Makefile", "tests/test_a.py"],
                      {"pyproject.toml": "[tool.pytest.ini_options]\n[tool.mypy]\n",
                       "Makefile": "test:\n\tpytest\nbuild:\n\tpython -m build\n"})
NODE = detect_zones(["web/package.json", "web/src/a.test.ts"],
                    {"web/package.json": '{"scripts": {"test": "vitest"}, "devDependencies": {"vitest": "1"}}'})
GO = detect_zones(["go.mod", "cart/cart_test.go"], {"go.mod": "module shop\n"})


def test_the_suite_and_the_build_are_the_commands_the_project_states():
    assert check_command(PYTHON, "suite").command == "make test"
    assert check_command(PYTHON, "build").command == "make build"


def test_the_tests_are_narrowed_to_their_files_by_the_zones_runner():
    assert check_command(PYTHON, "tests", ["tests/test_a.py"]).command == "python -m pytest -q tests/test_a.py"
    assert check_command(NODE, "tests", ["web/src/a.test.ts"]).command == "cd web && npx vitest run src/a.test.ts"
    assert check_command(GO, "tests", ["cart/cart_test.go"]).command == "go test ./cart"


def test_a_project_that_states_nothing_runs_nothing_and_says_why():
    chosen = check_command([], "build")

    assert chosen.command == "" and "states no build" in chosen.reason


def test_a_target_outside_the_workspace_is_refused_before_any_command():
    chosen = check_command(PYTHON, "tests", ["../etc/test_x.py"])

    assert chosen.command == "" and "leaves the workspace" in chosen.reason


def test_a_target_with_shell_words_is_quoted():
    assert check_command(PYTHON, "tests", ["tests/test_a.py; rm -rf x"]).command == \
        "python -m pytest -q 'tests/test_a.py; rm -rf x'"


@given(st.text(max_size=60))
def test_any_target_is_either_refused_or_handed_over_as_one_quoted_word(target):
    chosen = check_command(PYTHON, "tests", [target])

    assert bool(chosen.command) != bool(target_problem(target))
    if chosen.command:
        assert chosen.command.startswith("python -m pytest -q ")
