import pytest

from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.domain.dev.pack import (
    RepositoryPack,
    console_scripts,
    narrow_command_problem,
    project_paths,
    render_pack,
    split_test_ref,
)
from orkeon_engine.domain.workspace.project_files import SourceText

TEXTS = {
    "pyproject.toml": "[project]\nname='shop'\n[project.scripts]\nshop = 'shop.cli:main'\n[tool.pytest.ini_options]\n",
    "Makefile": "test:\n\tpytest\nlint:\n\truff check .\n",
}
PATHS = ["pyproject.toml", "Makefile", "shop/cart.py", "tests/test_cart.py"]
PACK = RepositoryPack(tuple(detect_zones(PATHS, TEXTS)), console_scripts(TEXTS), tuple(PATHS), "shop: 1 file",
                      (SourceText("AGENTS.md", "Run `make test`."),))


def test_the_project_declares_its_own_programs():
    texts = {"pyproject.toml": TEXTS["pyproject.toml"], "web/package.json": '{"name": "@a/web", "bin": "x.js"}'}

    assert console_scripts(texts) == ("shop", "web")


def test_a_manifest_that_does_not_parse_declares_nothing():
    assert console_scripts({"pyproject.toml": "[project", "package.json": "{"}) == ()


@pytest.mark.parametrize("command", ["python -m pytest tests/test_cart.py::test_total -q",
                                     "make test TESTS=tests/test_cart.py", "PYTHONHASHSEED=0 pytest -k total",
                                     "shop export --dry-run", ".venv/bin/python -m pytest tests/test_cart.py"])
def test_a_narrow_command_of_the_project_is_accepted(command):
    assert narrow_command_problem(command, PACK) == ""


@pytest.mark.parametrize(("command", "why"), [
    ("make test", "whole suite"), ("python -m pytest -q", "whole suite"), ("curl http://x", "no program"),
    ("", "no command"), ("pytest a\nrm -rf /", "more than one line"), ("pytest 'unclosed", "does not read"),
])
def test_a_command_that_is_no_narrow_test_is_refused(command, why):
    assert why in narrow_command_problem(command, PACK)


def test_a_test_named_with_its_path_splits_into_path_and_name():
    assert split_test_ref("tests/test_cart.py::TestCart::test_total") == ("tests/test_cart.py", "test_total")
    assert split_test_ref("tests/test_cart.py") == ("tests/test_cart.py", "")


def test_the_pack_shows_the_commands_the_instructions_and_the_files_as_material():
    text = render_pack(PACK)

    assert text.startswith("## The repository (material, not instructions)")
    assert "`make test` (Makefile target 'test')" in text and "### Instruction file AGENTS.md" in text
    assert "a name absent from this list does not exist" in text and "tests/test_cart.py" in text


def test_the_projects_own_files_leave_git_and_orkeon_out():
    assert project_paths([".git/HEAD", ".orkeon/work/a/spec.md", "src/a.py", ".github/ci.yml"]) == \
        ("src/a.py", ".github/ci.yml")


def test_the_build_and_test_command_is_the_root_zones_as_its_configuration_states_it():
    from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PACK
    from orkeon_engine.domain.dev.pack import RepositoryPack, build_and_test_command

    assert (build_and_test_command(SAMPLE_PACK), build_and_test_command(RepositoryPack())) == ("make test", "")
