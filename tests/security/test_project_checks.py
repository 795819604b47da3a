"""The project's checks run by code (run_tests, /dev-batches' RED and GREEN) take test paths a model names:
hostile text. A path carrying shell words runs as one quoted argument of the project's runner, never as a
command of its own, and a path leaving the workspace runs nothing; a RED that slips a production change in
beside its test is refused by code (tests/commands/dev/test_dev_batches.py)."""

from __future__ import annotations

import os

import pytest

from orkeon_engine.adapters.subprocess_shell import SubprocessShell
from orkeon_engine.adapters.system_clock import SystemClock
from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.services.project_checks import ShellProjectChecks
from orkeon_engine.tools.check_tools import RunTestsTool

ZONES = detect_zones(["pyproject.toml"], {"pyproject.toml": "[tool.pytest.ini_options]\n"})


@pytest.mark.parametrize("target", ["tests/test_a.py; touch pwned", "tests/test_a.py && touch pwned",
                                    "$(touch pwned)", "`touch pwned`", "tests/test_a.py\ntouch pwned"])
async def test_shell_words_in_a_test_path_never_run(tmp_path, target):
    tool = RunTestsTool(ShellProjectChecks(SubprocessShell(tmp_path, {"PATH": os.environ["PATH"]}), ZONES,
                                           SystemClock(), seconds=60))

    await tool.run(tool.parse({"tests": [target]}))

    assert not (tmp_path / "pwned").exists()


async def test_a_path_outside_the_workspace_runs_nothing(tmp_path):
    checks = ShellProjectChecks(SubprocessShell(tmp_path, {"PATH": os.environ["PATH"]}), ZONES, SystemClock())

    run = await checks.run("tests", ["../../etc/passwd"])

    assert not run.ran and run.command == "" and "leaves the workspace" in run.reason
