"""The peers' command lines, run against a fake Aider and a fake mini-swe-agent: the flags LIBRARIES.md
records, the first-run settings, the wall-clock limit, and the venv made once and reused."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from devtools.eval.cache import EvalSetupError
from devtools.eval.peer_agents import (
    AIDER,
    aider_argv,
    aider_reply,
    mini_argv,
    peer_environment,
    peer_venv,
    run_peer,
    venv_folder,
)
from devtools.eval.server import SERVED_NAME
from tests.support.fake_peer import fake_venv

API = "http://127.0.0.1:9/v1"


def _call(folder: Path, name: str) -> dict[str, object]:
    return json.loads((folder / f"{name}-call.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.fixture
def venv(tmp_path: Path) -> Path:
    return fake_venv(tmp_path / "venv")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    folder = tmp_path / "attempt" / "repo"
    folder.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main"], cwd=folder, check=True)
    return folder


def test_aider_is_asked_non_interactively_with_the_files_a_person_adds(venv: Path, repo: Path) -> None:
    argv = aider_argv(venv, API, "The tests in test_a.py fail.", ["test_a.py", "a.py"], repo.parent)

    run = run_peer(argv, repo, peer_environment(repo.parent / "home", API), 30)

    called = _call(repo.parent, "aider")["argv"]
    assert run.code == 0 and isinstance(called, list)
    assert called[-3:] == ["The tests in test_a.py fail.", "test_a.py", "a.py"]
    for flag in ("--yes-always", "--no-auto-commits", "--no-show-model-warnings", "--no-check-update",
                 "--analytics-disable", "--no-pretty", "--no-stream", "--no-gitignore"):
        assert flag in called
    assert called[called.index("--model") + 1] == f"openai/{SERVED_NAME}"
    assert called[called.index("--openai-api-base") + 1] == API


def test_aider_asks_a_question_in_ask_mode_and_its_reply_is_read_from_its_history(venv: Path, repo: Path) -> None:
    argv = aider_argv(venv, API, "Which port?", ["settings.py"], repo.parent, mode="ask")
    run_peer(argv, repo, peer_environment(repo.parent / "home", API), 30)

    called = _call(repo.parent, "aider")["argv"]

    assert isinstance(called, list) and called[called.index("--chat-mode") + 1] == "ask"
    assert aider_reply(repo.parent) == "It is 8731."


def test_aider_commits_with_commit_and_no_message(venv: Path) -> None:
    argv = aider_argv(venv, API, "unused", ["a.py"], Path("/tmp/history"), mode="commit")

    assert (argv[-1], "--message" in argv, "a.py" in argv) == ("--commit", False, False)


def test_mini_runs_in_yolo_mode_with_a_step_limit_and_its_first_run_answered(venv: Path, repo: Path) -> None:
    argv = mini_argv(venv, API, "Fix the tests.", repo.parent / "trajectory.json")

    run_peer(argv, repo, peer_environment(repo.parent / "home", API), 30)

    call = _call(repo.parent, "mini")
    called, env = call["argv"], call["env"]
    assert isinstance(called, list) and isinstance(env, dict)
    configs = [called[i + 1] for i, part in enumerate(called) if part == "-c"]
    assert configs[0].endswith("minisweagent/config/mini.yaml")
    assert {"agent.mode=yolo", "agent.confirm_exit=false", "agent.step_limit=25",
            f"model.model_kwargs.api_base={API}", "model.model_kwargs.api_key=x"} <= set(configs)
    assert (called[called.index("-m") + 1], called[called.index("-t") + 1]) == (f"openai/{SERVED_NAME}",
                                                                                "Fix the tests.")
    assert (env["MSWEA_CONFIGURED"], env["MSWEA_COST_TRACKING"], env["HOME"]) == (
        "true", "ignore_errors", str(repo.parent / "home"))


def test_a_peer_that_runs_past_its_limit_is_stopped(venv: Path, repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_PEER_SLEEP", "60")

    run = run_peer(mini_argv(venv, API, "x", repo.parent / "t.json"), repo,
                   peer_environment(repo.parent / "home", API), 1)

    assert (run.timed_out, run.seconds < 20, "stopped after 1 s" in run.stderr) == (True, True, True)


def test_mini_without_its_config_is_a_setup_error(tmp_path: Path) -> None:
    with pytest.raises(EvalSetupError, match="mini.yaml"):
        mini_argv(tmp_path, API, "x", tmp_path / "t.json")


def test_a_finished_peer_venv_is_reused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKEON_EVAL_CACHE", str(tmp_path))
    folder = venv_folder(AIDER)
    folder.mkdir(parents=True)
    (folder / ".installed").write_text(AIDER.requirement + "\n", encoding="utf-8")
    said: list[str] = []

    assert (peer_venv(AIDER, said.append, python="/nonexistent/python"), said) == (folder, [])


def test_a_failed_install_names_the_step_and_its_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ORKEON_EVAL_CACHE", str(tmp_path))

    with pytest.raises(EvalSetupError, match=r"aider.*(could not run|failed).*"):
        peer_venv(AIDER, lambda _: None, python="/nonexistent/python")
