"""create_pr over FakeGit and FakeGitHubApi: the call the gate sees (class network, the API's host: asks in
default, refused in plan), the pull request opened on the current branch, and what it says when not."""

import pytest

from orkeon_engine.domain.git.pull_requests import PullRequestDraft
from orkeon_engine.domain.permissions.decide import Ask, Deny, GateContext, decide
from orkeon_engine.domain.permissions.rules import format_rule
from orkeon_engine.ports.git import GitError
from orkeon_engine.services.pull_requests import PullRequestPorts
from orkeon_engine.tools.create_pr import CreatePrTool
from tests.support.bash_grammar import BASH_READ
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_git import FakeGit
from tests.support.doubles.fake_github_api import FakeGitHubApi
from tests.support.settings import config_store


async def tool(branch="feat/parser", default="main", api=None, settings=None, git=None):
    git = git or FakeGit(branch=branch, default=default)
    git.remotes["origin"] = "https://github.com/acme/rocket.git"
    return CreatePrTool(PullRequestPorts(git, api or FakeGitHubApi(), await config_store(settings), FakeFiles()))


async def test_the_gate_sees_a_network_call_to_the_apis_host():
    create = await tool(settings={"github.apiUrl": "https://ghe.example.com/api/v3"})

    call = await create.describe(create.parse({"title": "feat: x"}))

    assert (call.tool_class, call.domain) == ("network", "ghe.example.com")


async def test_in_default_mode_the_gate_asks_and_offers_the_apis_host_as_the_rule():
    create = await tool()
    call = await create.describe(create.parse({"title": "feat: x"}))

    decision = decide(call, GateContext("default", (), (), read=BASH_READ))

    assert isinstance(decision, Ask)
    assert [format_rule(rule) for rule in decision.offers] == ["create_pr(domain:api.github.com)"]


async def test_in_plan_mode_the_gate_refuses_it():
    create = await tool()
    call = await create.describe(create.parse({"title": "feat: x"}))

    decision = decide(call, GateContext("plan", (), (), read=BASH_READ))

    assert isinstance(decision, Deny)


async def test_the_current_branch_is_brought_into_the_default_branch():
    api = FakeGitHubApi()
    create = await tool(api=api)

    result = await create.run(create.parse({"title": "feat: add the parser", "body": "Why."}))

    assert not result.is_error and result.data == {"url": "https://github.com/acme/rocket/pull/1", "number": 1}
    assert api.created[0][2] == PullRequestDraft("feat: add the parser", "Why.", "main", "feat/parser")
    assert result.text == ("The pull request #1 of feat/parser into main was opened: "
                           "https://github.com/acme/rocket/pull/1")


async def test_without_a_token_the_answer_is_an_error_with_the_reason_and_the_gh_command():
    create = await tool(api=FakeGitHubApi(has_token=False))

    result = await create.run(create.parse({"title": "feat: x", "base": "develop"}))

    assert result.is_error and "no GitHub token" in result.text
    assert "gh pr create --base develop --head feat/parser" in result.text


@pytest.mark.parametrize("branch, default, arguments, said", [
    (None, "main", {"title": "t"}, "HEAD is detached"),
    ("feat/x", None, {"title": "t"}, "the default branch is not known"),
    ("main", "main", {"title": "t"}, "head and base are both main"),
])
async def test_a_pull_request_that_cannot_be_asked_for_says_why(branch, default, arguments, said):
    api = FakeGitHubApi()
    create = await tool(branch, default, api)

    result = await create.run(create.parse(arguments))

    assert result.is_error and said in result.text and api.created == []


async def test_a_repository_that_cannot_be_read_is_an_error_result():
    git = FakeGit(branch="feat/parser")
    git.fail["remote_url"] = GitError("git remote get-url origin", "broken")
    create = await tool(git=git)

    result = await create.run(create.parse({"title": "t"}))

    assert result.is_error and "the origin remote cannot be read" in result.text
