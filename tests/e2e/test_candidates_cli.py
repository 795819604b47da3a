"""End to end: `orkeon assistant` through the real command line against the loopback OpenAI stub server, in a
real repository whose bug fails its real pytest suite, with `assistant.candidates` 2. The fix request runs
the failing check first; the stub writes a wrong candidate, then a right one; each is tried in a real scratch
copy by the real shell; the one that passes is written and named with its check. The run is made once (a
module-scoped fixture) and its tests read it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.orkeon_cli import orkeon_env, write_user_settings
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import make_repo

PROJECT = {
    "pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = ['tests']\npythonpath = ['.']\n",
    "calc.py": "def add(a, b):\n    return a - b\n",
    "tests/test_calc.py": "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n",
}
SETTINGS = {"permissions": {"allow": ["shell_command(python -m pytest:*)"]}, "assistant.candidates": 2}
WRONG = "calc.py\n```python\ndef add(a, b):\n    return a * b\n```"
RIGHT = "The sign is wrong.\n```python\ndef add(a, b):\n    return a + b\n```"
pytestmark = pytest.mark.xdist_group("candidates-cli")


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    base = tmp_path_factory.mktemp("candidates")
    root = make_repo(base / "repo", PROJECT)
    write_user_settings(base, SETTINGS)
    with StubOpenAIServer([{"content": WRONG}, {"content": RIGHT}]) as stub:
        env = orkeon_env(base, stub.url, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
        done = subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "assistant",
                               "mode:acceptEdits the tests in tests/test_calc.py fail, fix it"], cwd=root, env=env,
                              capture_output=True, text=True, timeout=180)
    return done, stub.requests, root


def test_the_candidate_that_passes_is_written_and_named_with_its_check(run):
    done, _, root = run

    assert done.returncode == 0, done.stderr
    assert (root / "calc.py").read_text() == "def add(a, b):\n    return a + b\n"
    assert "candidate 2 of the 2 changes asked for passes `python -m pytest -q tests/test_calc.py`" in done.stdout
    assert "and `python -m pytest`, in a scratch copy of the workspace." in done.stdout  # then the whole suite
    assert "checked: python -m pytest passed" in done.stdout and "changed: calc.py" in done.stdout


def test_the_model_was_shown_the_failure_and_the_file_and_sampled_once_more(run):
    _, requests, _ = run

    assert len(requests) == 2
    shown = requests[0]["messages"][-1]["content"]
    assert "assert -1 == 5" in shown and "calc.py\n```python\ndef add(a, b):\n    return a - b" in shown
    assert [request.get("temperature") for request in requests] == [0.0, 0.8]
