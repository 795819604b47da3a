"""docs/examples/github-review.yml, the CI workflow of docs/teams.md: its review step, run as the workflow
runs it (bash, the `orkeon` console script, the step's environment) on a pull request's repository, against
the loopback stub server standing for the team's LiteLLM proxy."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from tests.support.sarif_schema import SARIF_2_1_0_STRUCTURE
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import git, make_repo

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / "docs" / "examples" / "github-review.yml"
EXPRESSION = re.compile(r"\$\{\{\s*([^}]+?)\s*\}\}")
LEAK = {"path": "app.py", "line": 2, "end_line": None, "quote": "handle = open(path)", "severity": "high",
        "title": "The file is never closed", "detail": "Use a with block.", "replacement": None}


def _review_step() -> dict[str, Any]:
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    return next(step for step in steps if "orkeon review" in step.get("run", ""))


def _github(expression: str, values: dict[str, str]) -> str:
    return EXPRESSION.sub(lambda match: values[match.group(1)], expression)


@pytest.fixture(scope="module")
def ci_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path, StubOpenAIServer]:
    base = tmp_path_factory.mktemp("ci")
    repo = make_repo(base / "repo", {"app.py": "def load(path):\n    return None\n"})
    git(repo, "update-ref", "refs/remotes/origin/main", "HEAD")  # the base branch, as checkout fetched it
    git(repo, "checkout", "-q", "-b", "feature")
    (repo / "app.py").write_text("def load(path):\n    handle = open(path)\n    return handle.read()\n")
    git(repo, "commit", "-q", "-am", "read the file")
    step = _review_step()
    stub = StubOpenAIServer(default={"json": {"findings": [LEAK]}}, schema="follow")
    with stub:
        values = {"github.base_ref": "main", "vars.LITELLM_PROXY_URL": stub.url,
                  "secrets.LITELLM_VIRTUAL_KEY": "sk-ci-virtual-key"}
        env = {key: value for key, value in os.environ.items() if not key.startswith(("ORKEON_", "OPENAI_"))}
        env.update({name: _github(str(value), values) for name, value in step["env"].items()})
        env.update({"PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
                    "XDG_CONFIG_HOME": str(base / "xdg"), "LITELLM_LOCAL_MODEL_COST_MAP": "True"})
        done = subprocess.run(["bash", "-e", "-c", _github(step["run"], values)], cwd=repo, env=env,
                              capture_output=True, text=True, timeout=300)
    return done, repo, stub


def test_the_review_step_reads_the_proxy_and_its_virtual_key_from_the_environment():
    step = _review_step()

    assert set(step["env"]) == {"ORKEON_MODEL", "ORKEON_API_BASE", "OPENAI_API_KEY"}
    assert "--format sarif" in step["run"] and "--fail-on high" in step["run"] and "--base" in step["run"]


def test_the_review_step_fails_the_job_on_a_high_finding_and_writes_the_sarif_log(ci_run):
    done, repo, _ = ci_run

    log = json.loads((repo / "orkeon.sarif").read_text(encoding="utf-8"))

    assert done.returncode == 1, done.stderr
    jsonschema.validate(log, SARIF_2_1_0_STRUCTURE)
    assert [r["message"]["text"].splitlines()[0] for r in log["runs"][0]["results"]] == ["The file is never closed"]
    assert log["runs"][0]["invocations"][0]["executionSuccessful"] is True


def test_the_review_step_asks_the_proxys_alias_for_the_pull_requests_changes(ci_run):
    _, _, stub = ci_run

    assert {r["model"] for r in stub.requests} == {"review"}
    assert "handle = open(path)" in stub.requests[0]["messages"][-1]["content"]


def test_the_upload_step_runs_even_when_the_review_fails_the_job():
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]

    upload = next(step for step in steps if str(step.get("uses", "")).startswith("github/codeql-action/upload-sarif"))
    assert upload["if"] == "always()" and upload["with"]["sarif_file"] == "orkeon.sarif"
