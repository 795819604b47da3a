"""End to end: `orkeon review` against model servers that enforce schemas, refuse response_format, or are
asked through the prompt; a review where no lens can answer; lenses asking at once; a latin-1 file.

Each scenario runs the real command line once (a module-scoped fixture) against the loopback stub server
and the tests read its output, its exit code and the requests the stub received.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from tests.support.orkeon_cli import run_orkeon, write_user_settings
from tests.support.sarif_schema import SARIF_2_1_0_STRUCTURE
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import git, make_repo

NEW = "def load(path):\n    handle = open(path)\n    return handle.read()\n"
LEAK = {"path": "app.py", "line": 2, "end_line": None, "quote": "handle = open(path)", "severity": "high",
        "title": "The file is never closed", "detail": "Use a with block.", "replacement": None}
LEAK_LINE = "app.py:2: high [correctness] The file is never closed"
LENSES = ("--lens", "correctness", "--lens", "security", "--lens", "tests")
BEFORE = {"when": "already had this problem", "json": {"before": "the change brought it"}}
"""The before check's answer: the finding on the replaced line came with the change (it keeps its severity)."""


@dataclass
class Run:
    done: subprocess.CompletedProcess[str]
    stub: StubOpenAIServer

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self.stub.requests


def _repo(base: Path, files: dict[str, bytes]) -> Path:
    root = make_repo(base / "repo", {"app.py": "def load(path):\n    return None\n"})
    for name, data in files.items():
        (root / name).write_bytes(data)
        git(root, "add", name)
    return root


def _run(base: Path, stub: StubOpenAIServer, args: tuple[str, ...], settings: dict[str, Any] | None = None,
         files: dict[str, bytes] | None = None) -> Run:
    repo = _repo(base, files or {"app.py": NEW.encode()})
    if settings:
        write_user_settings(base, settings)
    with stub:
        done = run_orkeon(repo, ("review", *args), base, stub.url)
    return Run(done, stub)


@pytest.fixture(scope="module")
def json_schema_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    stub = StubOpenAIServer([BEFORE], default={"json": {"findings": [LEAK]}, "together": 3}, schema="follow")
    return _run(tmp_path_factory.mktemp("json_schema"), stub, LENSES)


@pytest.fixture(scope="module")
def tool_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    stub = StubOpenAIServer(default={"json": {"findings": [LEAK]}}, schema="follow")
    return _run(tmp_path_factory.mktemp("tool"), stub, ("--lens", "correctness"), {"model.structuredOutput": "tool"})


@pytest.fixture(scope="module")
def prompt_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    fenced = "Here is my review:\n```json\n" + json.dumps({"findings": [LEAK]}) + "\n```"
    stub = StubOpenAIServer(default={"content": fenced})
    return _run(tmp_path_factory.mktemp("prompt"), stub, ("--lens", "correctness"),
                {"model.structuredOutput": "prompt"})


@pytest.fixture(scope="module")
def tools_only_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    stub = StubOpenAIServer([BEFORE], default={"json": {"findings": [LEAK]}}, schema="tools-only")
    return _run(tmp_path_factory.mktemp("tools_only"), stub, LENSES, {"review.concurrency": 1})


@pytest.fixture(scope="module")
def failed_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    stub = StubOpenAIServer(default={"json": {"findings": [LEAK]}}, schema="follow")  # prose unless asked
    return _run(tmp_path_factory.mktemp("failed"), stub, (*LENSES, "--format", "sarif", "--fail-on", "high"),
                {"model.structuredOutput": "prompt"})


@pytest.fixture(scope="module")
def dead_server_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    stub = StubOpenAIServer([])
    url = stub.url
    stub.stop()  # nothing listens there any more: every connection is refused
    base = tmp_path_factory.mktemp("dead")
    done = run_orkeon(_repo(base, {"app.py": NEW.encode()}), ("review", "--fail-on", "high"), base, url)
    return Run(done, stub)


@pytest.fixture(scope="module")
def latin1_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    finding = {**LEAK, "path": "legacy.py", "line": 1, "quote": "name = 'caf\ufffd'", "severity": "medium",
               "title": "A name that is not UTF-8"}
    stub = StubOpenAIServer(default={"json": {"findings": [finding]}}, schema="follow")
    return _run(tmp_path_factory.mktemp("latin1"), stub, ("--lens", "correctness"),
                files={"legacy.py": "name = 'café'\n".encode("latin-1")})


def test_auto_asks_an_openai_compatible_server_for_the_strict_schema_and_the_finding_stands(json_schema_run):
    formats = [r["response_format"] for r in json_schema_run.requests]

    assert json_schema_run.done.returncode == 0, json_schema_run.done.stderr
    assert json_schema_run.done.stdout.splitlines()[0] == LEAK_LINE
    assert all(f["type"] == "json_schema" and f["json_schema"]["strict"] for f in formats)
    assert [f["json_schema"]["name"] for f in formats] == ["LensAnswer"] * 3 + ["BeforeAnswer"]


def test_the_lenses_ask_the_server_at_once(json_schema_run):
    assert json_schema_run.stub.most_at_once() == 3


def test_a_one_shot_command_to_an_openai_compatible_server_does_not_wait_for_litellm(json_schema_run):
    # such a server is called over httpx (adapters/httpx_openai_client.py); litellm's loading notice is
    # tested where litellm is used (tests/adapters/test_litellm_chat_model.py)
    assert json_schema_run.done.returncode == 0
    assert "loading the model client" not in json_schema_run.done.stderr


def test_the_tool_setting_forces_a_call_of_the_answer_tool(tool_run):
    sent = tool_run.requests[0]

    assert tool_run.done.returncode == 0, tool_run.done.stderr
    assert sent["tool_choice"] == {"type": "function", "function": {"name": "LensAnswer"}}
    assert tool_run.done.stdout.splitlines()[0] == LEAK_LINE


def test_the_prompt_setting_reads_the_json_from_the_answers_text(prompt_run):
    assert prompt_run.done.returncode == 0, prompt_run.done.stderr
    assert not {"response_format", "tool_choice"} & set(prompt_run.requests[0])
    assert prompt_run.done.stdout.splitlines()[0] == LEAK_LINE


def test_a_server_refusing_response_format_is_asked_through_a_forced_tool_from_then_on(tools_only_run):
    assert tools_only_run.done.returncode == 0, tools_only_run.done.stderr
    assert ["response_format" in r for r in tools_only_run.requests] == [True, False, False, False, False]
    assert tools_only_run.done.stdout.splitlines()[0] == LEAK_LINE


def test_refusing_response_format_is_no_failure_and_no_warning(tools_only_run):
    assert "no valid answer" not in tools_only_run.done.stdout
    assert "warning" not in tools_only_run.done.stderr.lower() and "retrying" not in tools_only_run.done.stderr


def test_a_review_where_no_lens_answers_exits_three_not_the_fail_on_code(failed_run):
    assert failed_run.done.returncode == 3
    assert len(failed_run.requests) == 6  # each lens asked, then repaired once


def test_the_failed_review_says_so_in_its_sarif_log_with_a_notification_per_lens(failed_run):
    log = json.loads(failed_run.done.stdout)

    jsonschema.validate(log, SARIF_2_1_0_STRUCTURE)
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False and log["runs"][0]["results"] == []
    assert [n["associatedRule"]["id"] for n in invocation["toolExecutionNotifications"]] == [
        "correctness", "security", "tests"]


def test_the_failed_review_closes_with_a_clear_line_on_stderr(failed_run):
    assert failed_run.done.stderr.splitlines()[-4].startswith("review failed: no lens gave a valid answer")


def test_a_latin1_file_is_reviewed_and_its_finding_matches_its_line(latin1_run):
    sent = json.dumps(latin1_run.requests[0]["messages"], ensure_ascii=False)

    assert latin1_run.done.returncode == 0, latin1_run.done.stderr
    assert "legacy.py:1: medium [correctness] A name that is not UTF-8" in latin1_run.done.stdout.splitlines()
    assert "name = 'caf\ufffd'" in sent


def test_a_server_that_refuses_connections_fails_the_review_at_once_with_one_warning(dead_server_run):
    warnings = [line for line in dead_server_run.done.stderr.splitlines() if "warning" in line]

    assert dead_server_run.done.returncode == 3
    assert len(warnings) == 1 and "retrying once" in warnings[0]
    assert "review failed: no lens gave a valid answer (5 of 5 calls)" in dead_server_run.done.stdout
