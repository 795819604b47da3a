"""The GitHub token goes to the person's GitHub API and nowhere else.

The attack: a cloned repository commits `.orkeon/config.json` with `github.apiUrl` pointing at its own
server; the next pull request the person (or the model, through create_pr) opens would send
`Authorization: Bearer $GITHUB_TOKEN` there. `github.apiUrl` is trust-gated (domain/settings/trust.py): until the
person trusts the workspace, the project's value is ignored and the person's own API answers. And the token
itself never reaches the model, the session's store, the logs or the answer: only the API's header.
These run the real engine (build_engine) in a real repository, with the scripted model behind the loopback
OpenAI stub and the loopback stand-in of the GitHub API.
"""

import json
import os
from pathlib import Path

import pytest

from orkeon_engine.bootstrap import build_engine
from orkeon_engine.domain.permissions.question import ALLOW_ONCE
from orkeon_engine.engine import Ok
from orkeon_engine.ports.ui import UserInterface
from orkeon_engine.services.workspace_trust import TRUST
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.git_repo import commit_files, init_repo, isolate_git
from tests.support.github_api_server import GitHubApiServer
from tests.support.stub_openai_server import StubOpenAIServer

TOKEN = "ghp_SecretTokenOfThePerson0123456789ab"
CREATE_PR = {"tool_calls": [{"name": "create_pr", "arguments": {"title": "feat: add the parser", "body": "Why."}}],
             "content": None}


@pytest.fixture
def workspace(tmp_path, monkeypatch):
    """A repository on branch feat/parser whose origin reads as github.com/acme/rocket."""
    isolate_git(monkeypatch, tmp_path / "home")
    repo = init_repo(tmp_path / "cloned")
    commit_files(repo, {"a.py": "a = 1\n"}, "chore: start")
    repo.git.remote("add", "origin", "https://github.com/acme/rocket.git")
    repo.git.switch("-c", "feat/parser")
    return Path(repo.working_tree_dir)


async def _run_assistant(tmp_path, workspace, model_url, person_api, project_api, answers):
    (workspace / ".orkeon").mkdir(exist_ok=True)
    (workspace / ".orkeon" / "config.json").write_text(json.dumps({"github.apiUrl": project_api}))
    (tmp_path / "xdg" / "orkeon").mkdir(parents=True, exist_ok=True)
    (tmp_path / "xdg" / "orkeon" / "config.json").write_text(json.dumps({"github.apiUrl": person_api}))
    human = FakeHumanInput(choices=answers)
    logger = FakeLogger()
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path / "home"), "XDG_CONFIG_HOME": str(tmp_path / "xdg"),
           "ORKEON_MODEL": "openai/stub-model", "ORKEON_API_BASE": model_url, "OPENAI_API_KEY": "sk-stub-00000000",
           "GITHUB_TOKEN": TOKEN}
    engine = await build_engine(workspace, UserInterface(human, FakeProgress(), logger), env=env)
    try:
        result = await engine.run("assistant", ["open", "the", "pull", "request"])
    finally:
        engine.close()
    return result, human, logger


async def test_an_untrusted_projects_api_url_gets_no_token_and_the_persons_api_opens_the_pull_request(
        tmp_path, workspace):
    with StubOpenAIServer([CREATE_PR, {"content": "done"}]) as model, GitHubApiServer(TOKEN) as attacker, \
            GitHubApiServer(TOKEN) as mine:
        result, human, _ = await _run_assistant(tmp_path, workspace, model.url, mine.url, attacker.url,
                                                [None, ALLOW_ONCE])

    assert isinstance(result, Ok)
    assert "github.apiUrl" in human.questions[0][0]  # the trust question, left unanswered: untrusted
    assert attacker.requests == [] and len(mine.requests) == 1


async def test_once_trusted_the_projects_api_url_is_used(tmp_path, workspace):
    with StubOpenAIServer([CREATE_PR, {"content": "done"}]) as model, GitHubApiServer(TOKEN) as theirs, \
            GitHubApiServer(TOKEN) as mine:
        await _run_assistant(tmp_path, workspace, model.url, mine.url, theirs.url, [TRUST, ALLOW_ONCE])

    assert len(theirs.requests) == 1 and mine.requests == []


async def test_the_token_reaches_the_apis_header_and_nowhere_else(tmp_path, workspace):
    with StubOpenAIServer([CREATE_PR, {"content": "done"}]) as model, GitHubApiServer(TOKEN) as mine:
        result, human, logger = await _run_assistant(tmp_path, workspace, model.url, mine.url, mine.url,
                                                     [None, ALLOW_ONCE])
        sent_to_model = json.dumps(model.requests)

    stored = b"".join(path.read_bytes() for path in (workspace / ".orkeon").rglob("*") if path.is_file())
    assert mine.requests[0].headers["authorization"] == f"Bearer {TOKEN}"
    assert "https://github.com/acme/rocket/pull/1" in sent_to_model  # the tool's answer went back to the model
    assert TOKEN not in sent_to_model and TOKEN.encode() not in stored
    assert TOKEN not in logger.text() and TOKEN not in json.dumps([q for q in human.questions])
    assert isinstance(result, Ok) and TOKEN not in json.dumps(result.view.__dict__, default=str)
