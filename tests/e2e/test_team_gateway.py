"""End to end: Orkeon behind a team's gateway, a real LiteLLM proxy on loopback in front of the stub server.

The proxy (`litellm --config`, the packages of the `gateway` extra) is started once for the module; it
serves the alias `team-review` from its config's model list, mapped to the stub, and takes the master key
of its config. Virtual keys need the proxy's Postgres database (`/key/generate` answers "No connected db"
without one), so the key Orkeon holds here is the master key: what a member does is the same with a
virtual key (docs/teams.md). `orkeon review` and the assistant run as real processes through it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.orkeon_cli import orkeon_env
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import git, make_repo

pytestmark = pytest.mark.xdist_group("team-gateway")  # one proxy for the module's tests, on one worker

KEY = "sk-team-gateway-test-0123456789"
UPSTREAM_KEY = "upstream-provider-key"
ALIAS = "team-review"
REQUEST = "what does app.py do?"
ANSWER = "app.py loads a file and never closes it."
NEW = "def load(path):\n    handle = open(path)\n    return handle.read()\n"
LEAK = {"path": "app.py", "line": 2, "end_line": None, "quote": "handle = open(path)", "severity": "high",
        "title": "The file is never closed", "detail": "Use a with block.", "replacement": None}
STARTUP_SECONDS = 90


@dataclass
class Gateway:
    url: str
    stub: StubOpenAIServer
    log: Path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _config(stub: StubOpenAIServer) -> str:
    return (f"model_list:\n  - model_name: {ALIAS}\n    litellm_params:\n      model: openai/stub-model\n"
            f"      api_base: {stub.url}\n      api_key: {UPSTREAM_KEY}\n"
            f"general_settings:\n  master_key: {KEY}\n")


def _wait_until_up(url: str, proxy: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if proxy.poll() is not None:
            pytest.fail(f"the LiteLLM proxy exited with {proxy.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/health/liveliness", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    pytest.fail(f"the LiteLLM proxy did not answer within {STARTUP_SECONDS} s:\n"
                f"{log.read_text(errors='replace')[-3000:]}")


@pytest.fixture(scope="module")
def gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Gateway]:
    folder = tmp_path_factory.mktemp("gateway")
    steps = [{"when": REQUEST, "tool_calls": [{"name": "file_read", "arguments": {"path": "app.py"}}]},
             {"when": REQUEST, "content": ANSWER}]
    stub = StubOpenAIServer(steps, default={"json": {"findings": [LEAK]}}, schema="follow").start()
    (folder / "config.yaml").write_text(_config(stub), encoding="utf-8")
    port = _free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("ORKEON_", "OPENAI_", "DATABASE"))}
    env.update(LITELLM_LOCAL_MODEL_COST_MAP="True", NO_DOCS="True", HOME=str(folder))
    log = folder / "proxy.log"
    litellm = Path(sys.executable).parent / "litellm"
    with log.open("wb") as out:
        proxy = subprocess.Popen([str(litellm), "--config", str(folder / "config.yaml"), "--host", "127.0.0.1",
                                  "--port", str(port)], cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_until_up(url, proxy, log)
        yield Gateway(f"{url}/v1", stub, log)
    finally:
        proxy.terminate()
        try:
            proxy.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proxy.kill()
            proxy.wait()
        stub.stop()


def _orkeon(gateway: Gateway, base: Path, *args: str, key: str = KEY) -> subprocess.CompletedProcess[str]:
    repo = make_repo(base / "repo", {"app.py": "def load(path):\n    return None\n"})
    (repo / "app.py").write_text(NEW, encoding="utf-8")
    git(repo, "add", "app.py")
    env = orkeon_env(base, gateway.url, ORKEON_MODEL=f"openai/{ALIAS}", OPENAI_API_KEY=key)
    return subprocess.run([sys.executable, "-m", "orkeon_engine.cli", *args], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def review_run(gateway: Gateway, tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    return _orkeon(gateway, tmp_path_factory.mktemp("review"), "review", "--lens", "correctness")


@pytest.fixture(scope="module")
def assistant_run(gateway: Gateway, tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    return _orkeon(gateway, tmp_path_factory.mktemp("assistant"), "assistant", REQUEST)


def test_review_runs_through_the_gateway_and_its_finding_stands(review_run, gateway):
    asked = [body for body in gateway.stub.requests if body.get("response_format")]

    assert review_run.returncode == 0, review_run.stdout + review_run.stderr
    assert review_run.stdout.splitlines()[0] == "app.py:2: high [correctness] The file is never closed"
    assert asked and all(body["model"] == "stub-model" for body in asked)  # the proxy maps the alias
    assert asked[0]["response_format"]["type"] == "json_schema"  # the schema reaches the server behind it


def test_the_assistant_runs_a_tool_through_the_gateway_and_answers(assistant_run, gateway):
    turns = [body for body in gateway.stub.requests if REQUEST in str(body.get("messages"))]

    assert assistant_run.returncode == 0, assistant_run.stdout + assistant_run.stderr
    assert ANSWER in assistant_run.stdout
    assert len(turns) == 2 and any(m.get("role") == "tool" and "handle = open(path)" in str(m.get("content"))
                                   for m in turns[1]["messages"])
    assert all(body.get("tools") for body in turns)  # the tools reach the server behind the proxy


def test_the_key_is_never_shown_and_never_sent_on(review_run, assistant_run, gateway):
    for run in (review_run, assistant_run):
        assert KEY not in run.stdout + run.stderr
    assert all(KEY not in str(body) for body in gateway.stub.requests)


def test_a_key_the_gateway_refuses_is_said_in_a_sentence_without_a_traceback(gateway, tmp_path):
    done = _orkeon(gateway, tmp_path, "review", "--lens", "correctness", key="sk-not-a-team-key")

    # without a database the proxy cannot look a key up, and refuses it with a 400 saying so
    assert done.returncode == 3 and "Traceback" not in done.stderr
    assert "sk-not-a-team-key" not in done.stdout + done.stderr
    assert "the model call failed: openai/team-review: the provider answered 400 (request refused" in done.stdout
