"""End to end: `orkeon review` in CI, on a temporary repository with a staged change and the stub model."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from tests.support.sarif_schema import SARIF_2_1_0_STRUCTURE
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import git, make_repo

ROOT = Path(__file__).resolve().parents[2]
NEW = "def load(path):\n    handle = open(path)\n    return handle.read()\n\n\ndef size(path):\n    return 1 / 0\n"
LEAK = {"path": "app.py", "line": 2, "quote": "handle = open(path)", "severity": "high",
        "title": "The file is never closed"}
ZERO = {"path": "app.py", "line": 7, "quote": "return 1 / 0", "severity": "medium", "title": "Division by zero"}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = make_repo(tmp_path / "repo", {"app.py": "def load(path):\n    return None\n"})
    (root / "app.py").write_text(NEW, encoding="utf-8")
    git(root, "add", "app.py")
    return root


def _review(repo: Path, *args: str, findings=(ZERO, LEAK)) -> subprocess.CompletedProcess[str]:
    reply = {"content": json.dumps({"findings": list(findings)})}
    with StubOpenAIServer([reply], default={"content": '{"findings": []}'}) as stub:
        env = {k: v for k, v in os.environ.items() if not k.startswith("ORKEON_")}
        env.update({"ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": stub.url,
                    "XDG_CONFIG_HOME": str(repo.parent / "xdg"), "LITELLM_LOCAL_MODEL_COST_MAP": "True",
                    "PYTHONPATH": str(ROOT)})
        return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", "review", "--lens", "correctness", *args],
                              cwd=repo, env=env, capture_output=True, text=True, timeout=120)


def test_review_prints_each_finding_as_path_line_severity_lens_title_sorted_by_line(repo):
    done = _review(repo)

    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == ["app.py:2: high [correctness] The file is never closed",
                                            "app.py:7: medium [correctness] Division by zero"]


def test_fail_on_exits_one_when_a_finding_reaches_the_threshold(repo):
    assert _review(repo, "--fail-on", "high").returncode == 1


def test_fail_on_exits_zero_when_every_finding_is_below_it(repo):
    assert _review(repo, "--fail-on", "blocker").returncode == 0


def test_sarif_output_fits_the_sarif_structure(repo):
    done = _review(repo, "--format", "sarif")

    log = json.loads(done.stdout)
    jsonschema.validate(log, SARIF_2_1_0_STRUCTURE)
    assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in log["runs"][0]["results"]] == [2, 7]


def test_nothing_staged_is_said_and_passes(tmp_path):
    root = make_repo(tmp_path / "clean", {"a.py": "x = 1\n"})

    done = _review(root, "--fail-on", "nit")

    assert done.returncode == 0
    assert done.stdout.startswith("nothing to review: no change is staged")
