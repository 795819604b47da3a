"""HttpGitHubApi against the loopback stand-in of the GitHub API: the token in the header and nowhere else,
the JSON body GitHub takes, and each refusal as a GitHubApiError with GitHub's message."""

import pytest

from orkeon_engine.adapters.http_github_api import HttpGitHubApi
from orkeon_engine.domain.git.pull_requests import GitHubRepo, OpenedPull, PullRequestDraft
from orkeon_engine.ports.github_api import GitHubApiError
from tests.support.github_api_server import GitHubApiServer

TOKEN = "ghp_loopback0123456789abcdefghij"
ROCKET = GitHubRepo("github.com", "acme", "rocket")
DRAFT = PullRequestDraft("feat: add the parser", "Why it is needed.", "main", "feat/parser")


async def test_a_pull_request_is_created_with_the_token_in_the_header_and_the_draft_as_json():
    with GitHubApiServer(TOKEN) as server:
        pull = await HttpGitHubApi(TOKEN).create_pull(server.url, ROCKET, DRAFT)

    request = server.requests[0]
    assert pull == OpenedPull("https://github.com/acme/rocket/pull/1", 1)
    assert (request.method, request.path) == ("POST", "/repos/acme/rocket/pulls")
    assert request.headers["authorization"] == f"Bearer {TOKEN}"
    assert request.headers["accept"] == "application/vnd.github+json"
    assert request.body == {"title": "feat: add the parser", "head": "feat/parser", "base": "main",
                            "body": "Why it is needed."}


async def test_a_wrong_token_is_a_401_with_githubs_message():
    with GitHubApiServer(TOKEN) as server, pytest.raises(GitHubApiError) as raised:
        await HttpGitHubApi("ghp_not_the_right_one_0000000000").create_pull(server.url, ROCKET, DRAFT)

    assert (raised.value.status, raised.value.message) == (401, "Bad credentials")


async def test_a_repository_the_server_does_not_hold_is_a_404():
    with GitHubApiServer(TOKEN) as server, pytest.raises(GitHubApiError) as raised:
        await HttpGitHubApi(TOKEN).create_pull(server.url, GitHubRepo("github.com", "acme", "other"), DRAFT)

    assert raised.value.status == 404


async def test_a_second_pull_request_of_the_same_branch_is_a_422_naming_the_existing_one():
    with GitHubApiServer(TOKEN) as server:
        api = HttpGitHubApi(TOKEN)
        await api.create_pull(server.url, ROCKET, DRAFT)
        with pytest.raises(GitHubApiError) as raised:
            await api.create_pull(server.url, ROCKET, DRAFT)

    assert raised.value.status == 422
    assert raised.value.details == ("A pull request already exists for acme:feat/parser.",)


async def test_the_open_pull_request_of_a_branch_is_found_by_its_head():
    with GitHubApiServer(TOKEN) as server:
        api = HttpGitHubApi(TOKEN)
        await api.create_pull(server.url, ROCKET, DRAFT)
        found = await api.find_open_pull(server.url, ROCKET, "feat/parser")

    assert found == OpenedPull("https://github.com/acme/rocket/pull/1", 1)
    assert server.requests[-1].path == "/repos/acme/rocket/pulls?head=acme%3Afeat%2Fparser&state=open"


async def test_a_branch_without_an_open_pull_request_finds_none():
    with GitHubApiServer(TOKEN) as server:
        found = await HttpGitHubApi(TOKEN).find_open_pull(server.url, ROCKET, "feat/other")

    assert found is None


async def test_without_a_token_nothing_is_sent():
    with GitHubApiServer(TOKEN) as server, pytest.raises(GitHubApiError, match="no token"):
        await HttpGitHubApi(None).create_pull(server.url, ROCKET, DRAFT)

    assert server.requests == []


async def test_a_server_quoting_the_token_back_has_it_masked():
    hostile = GitHubApiServer(TOKEN, status_override=403, message_override=f"token {TOKEN} is not allowed")
    with hostile as server, pytest.raises(GitHubApiError) as raised:
        await HttpGitHubApi(TOKEN).create_pull(server.url, ROCKET, DRAFT)

    assert TOKEN not in str(raised.value) and raised.value.message == "token *** is not allowed"


async def test_no_answer_is_an_error_without_a_status():
    with GitHubApiServer(TOKEN) as server:
        url = server.url
    with pytest.raises(GitHubApiError) as raised:
        await HttpGitHubApi(TOKEN, timeout=2).create_pull(url, ROCKET, DRAFT)

    assert raised.value.status is None and TOKEN not in str(raised.value)


def test_the_token_is_read_from_github_token_before_gh_token():
    api = HttpGitHubApi.from_environment({"GITHUB_TOKEN": "ghp_first", "GH_TOKEN": "ghp_second"})

    assert api.has_token and "ghp_first" not in repr(api)


def test_gh_token_is_read_when_github_token_is_blank():
    api = HttpGitHubApi.from_environment({"GITHUB_TOKEN": "  ", "GH_TOKEN": "ghp_second"})

    assert api.has_token


def test_without_either_variable_there_is_no_token():
    assert not HttpGitHubApi.from_environment({"PATH": "/bin"}).has_token
