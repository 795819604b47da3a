"""The projects as the harness sees them: sources and tests told apart, the rule that allows their tests, and
their tests run with the eval's Python."""

from __future__ import annotations

from pathlib import Path

from devtools.eval.projects import all_projects, load, run_tests, write


def test_the_six_projects_with_sources_and_tests_apart() -> None:
    projects = {project.name: project for project in all_projects()}

    assert (sorted(projects), projects["slugs"].tests, projects["inventory"].sources) == (
        ["basket", "inventory", "ledger", "notifier", "slugs", "todo"], ("test/slugs.test.js",),
        ("inventory/report.py", "inventory/settings.py", "inventory/store.py"))


def test_the_allow_rules_name_the_test_command() -> None:
    assert (load("slugs").allow_rules[0], load("todo").allow_rules[0]) == (
        "shell_command(node --test:*)", "shell_command(python -m pytest:*)")


def test_run_tests_reports_a_failure_with_its_last_line(tmp_path: Path) -> None:
    project = load("basket")
    broken = project.files["pricing.py"].replace("return SHIPPING_FEE", "return 0")

    code, summary = run_tests(project, write(project, tmp_path, {"pricing.py": broken}))

    assert (code != 0, "failed" in summary) == (True, True)
