"""End to end: `orkeon verify` through the real command line against the loopback OpenAI stub server, in a
real repository whose change breaks its real pytest suite. The request the stub receives names the change
and its nearest test; the command the stub's model asks for runs in the real shell (the person's own
settings allow it: a project's allow rules wait for trust), and pytest's failure is what the model reads
back; the report is printed. The run is made once (a module-scoped fixture) and its tests read it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.orkeon_cli import orkeon_env, write_user_settings
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import make_repo

NARROW = "python -m pytest -q -p no:cacheprovider tests/test_calc.py"
PROJECT = {
    "pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = ['tests']\npythonpath = ['.']\n",
    "Makefile": "test:\n\tpython -m pytest -q -p no:cacheprovider\n",
    "calc.py": "def add(a, b):\n    return a + b\n",
    "tests/test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}
ALLOW_PYTEST = {"permissions": {"allow": ["shell_command(python -m pytest:*)"]}}
pytestmark = pytest.mark.xdist_group("verify-cli")  # the module's one run is shared by its tests on one worker
REPORT = "1 check failed.\n## Passed\nnothing\n## Failed\n- tests/test_calc.py: assert -1 == 5\n## Not checked\nnothing"


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    base = tmp_path_factory.mktemp("verify")
    root = make_repo(base / "repo", PROJECT)
    write_user_settings(base, ALLOW_PYTEST)
    (root / "calc.py").write_text("def add(a, b):\n    return a - b\n", encoding="utf-8")
    script = [{"tool_calls": [{"name": "shell_command", "arguments": {"command": NARROW}}], "content": None},
              {"content": REPORT}]
    with StubOpenAIServer(script) as stub:
        env = orkeon_env(base, stub.url, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
        done = subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "verify"], cwd=root, env=env,
                              capture_output=True, text=True, timeout=180)
    return done, stub.requests


def test_the_report_is_printed_and_the_command_succeeds(run):
    done, _ = run

    assert done.returncode == 0, done.stderr
    assert "1 check failed." in done.stdout and "## Not checked" in done.stdout


def test_the_request_names_the_change_and_its_nearest_test(run):
    _, requests = run

    request = requests[0]["messages"][-1]["content"]
    assert "- calc.py" in request and "- tests/test_calc.py" in request and "Then the wider one" in request


def test_the_narrow_check_ran_in_the_real_shell_and_its_failure_reached_the_model(run):
    _, requests = run

    tool_output = "\n".join(str(m["content"]) for m in requests[1]["messages"] if m["role"] == "tool")
    assert "1 failed" in tool_output and "assert -1 == 5" in tool_output
