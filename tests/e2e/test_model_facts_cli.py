"""End to end: the model's window read from its server, through the real `orkeon` command line against the
loopback stub playing llama.cpp, vLLM or a server that says nothing; and the token figures of a turn,
/status and /context agreeing (the context used is the last call's prompt tokens; the sum is called one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_cli_newcomer import model_env, orkeon
from tests.support.stub_openai_server import StubOpenAIServer
from tests.support.temp_git import make_repo

TURN = [
    {"tool_calls": [{"name": "file_read", "arguments": {"path": "app.py"}}], "content": None,
     "usage": {"prompt_tokens": 2500, "completion_tokens": 20}},
    {"content": "app.py prints hello.", "usage": {"prompt_tokens": 2648, "completion_tokens": 36}},
]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repo(tmp_path / "app", {"app.py": "print('hello')\n"})


def _rows(text: str) -> dict[str, str]:
    rows = {}
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        rows[name] = value.strip()
    return rows


def test_a_llama_cpp_servers_window_is_shown_and_the_figures_agree(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    with StubOpenAIServer(TURN, server={"kind": "llama.cpp", "n_ctx": 16384, "n_predict": 1024}) as stub:
        env = model_env(stub)
        turn = orkeon(repo, "assistant", "what does app.py do?", home=home, extra=env)
        status = orkeon(repo, "status", home=home, extra=env)
        context = orkeon(repo, "context", home=home, extra=env)

    assert turn.returncode == 0, turn.stderr
    assert ("2 model calls: 5,148 tokens in (summed over the calls), 56 out, no price (local model); context 2,648 "
            "of 16,384 tokens (16%) at the last model call") in turn.stdout
    rows = _rows(status.stdout)
    assert rows["window"] == "16,384 tokens, from the server's /props (default_generation_settings.n_ctx)"
    assert rows["output"] == "up to 1,024 tokens an answer, from the server's /props (n_predict)"
    assert rows["context"] == "2,648 of 16,384 tokens (16%) at the last model call"
    assert rows["usage"].startswith("2 model calls, 5,148 tokens in (summed over the calls), 56 out")
    assert "window: 16,384 tokens, from the server's /props" in context.stdout
    assert "last model call: 2,648 prompt tokens" in context.stdout
    assert "context: 2,648 of 16,384 tokens (16%) at the last model call" in context.stdout
    assert "128,000" not in status.stdout + context.stdout + turn.stdout


def test_a_smaller_setting_wins_over_a_vllm_servers_window(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    with StubOpenAIServer(server={"kind": "vllm", "n_ctx": 32768}) as stub:
        env = model_env(stub)
        before = orkeon(repo, "status", home=home, extra=env)
        orkeon(repo, "config", "set", "model.contextWindow", "8192", "--user", home=home, extra=env)
        after = orkeon(repo, "context", home=home, extra=env)

    assert _rows(before.stdout)["window"] == "32,768 tokens, from the server's /v1/models (max_model_len)"
    assert ("window: 8,192 tokens, from model.contextWindow (user), below the 32,768 of the server's "
            "/v1/models (max_model_len)") in after.stdout


def test_a_window_nobody_reports_stays_unknown(repo: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    with StubOpenAIServer() as stub:
        env = model_env(stub)
        status = orkeon(repo, "status", home=home, extra=env)
        context = orkeon(repo, "context", home=home, extra=env)

    assert _rows(status.stdout)["window"].startswith("unknown (neither the model's server nor litellm's table")
    assert "tokens of an unknown window, estimated before the call" in context.stdout
    assert "128,000" not in status.stdout + context.stdout
