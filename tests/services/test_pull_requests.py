"""open_pull_request over FakeGit and FakeGitHubApi: opened with its page, found already open, or not opened
with the reason and the gh command; the body written to /output; dev.prAuto read."""

import pytest

from orkeon_engine.domain.git.pull_requests import GitHubRepo, OpenedPull, PullRequestDraft
from orkeon_engine.ports.git import GitError
from orkeon_engine.ports.github_api import GitHubApiError
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.pull_requests import PullRequestPorts, open_pull_request, pr_auto
from orkeon_engine.services.session_io import CurrentSession
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_git import FakeGit
from tests.support.doubles.fake_github_api import FakeGitHubApi
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust
from tests.support.settings import config_store

DRAFT = PullRequestDraft("feat: add the parser", "# feat: add the parser\n\nWhy.\n", "main", "feat/parser")


async def ports(origin="git@github.com:acme/rocket.git", api=None, settings=None, files=None):
    git = FakeGit(branch="feat/parser")
    if origin is not None:
        git.remotes["origin"] = origin
    return PullRequestPorts(git, api if api is not None else FakeGitHubApi(), await config_store(settings),
                            files if files is not None else FakeFiles())


async def test_the_pull_request_is_opened_on_origins_repository_through_the_default_api():
    api = FakeGitHubApi()

    outcome = await open_pull_request(DRAFT, await ports(api=api))

    assert outcome.url == "https://github.com/acme/rocket/pull/1" and outcome.number == 1
    assert api.created == [("https://api.github.com", GitHubRepo("github.com", "acme", "rocket"), DRAFT)]


async def test_the_body_is_written_to_output_for_the_gh_command():
    files = FakeFiles()

    outcome = await open_pull_request(DRAFT, await ports(files=files))

    assert files.texts["/output/pr-feat-parser/PR.md"] == DRAFT.body
    assert outcome.body_file == "/output/pr-feat-parser/PR.md"


async def test_the_enterprise_api_of_the_setting_is_called_for_a_repository_on_that_server():
    api = FakeGitHubApi()
    settings = {"github.apiUrl": "https://ghe.example.com/api/v3/"}

    await open_pull_request(DRAFT, await ports("https://ghe.example.com/acme/rocket.git", api, settings))

    assert api.created[0][0] == "https://ghe.example.com/api/v3"


async def test_without_a_token_the_gh_command_is_given_with_the_reason():
    outcome = await open_pull_request(DRAFT, await ports(api=FakeGitHubApi(has_token=False)))

    assert outcome.url is None and "no GitHub token: neither GITHUB_TOKEN nor GH_TOKEN is set" in outcome.reason
    assert outcome.gh_command.startswith("gh pr create --base main --head feat/parser --title ")


@pytest.mark.parametrize("origin, reason", [
    (None, "the repository has no origin remote"),
    ("/srv/git/rocket.git", "origin's address (/srv/git/rocket.git) names no <owner>/<repository>"),
    ("https://ghe.example.com/acme/rocket.git", "set github.apiUrl to that server's API"),
])
async def test_an_origin_that_names_no_github_repository_is_the_reason(origin, reason):
    api = FakeGitHubApi()

    outcome = await open_pull_request(DRAFT, await ports(origin, api))

    assert reason in outcome.reason and api.created == []


async def test_the_origins_password_is_never_shown_in_the_reason():
    outcome = await open_pull_request(DRAFT, await ports("https://me:hunter22@example.com/only-one-part"))

    assert "hunter22" not in outcome.reason and "https://example.com/only-one-part" in outcome.reason


async def test_an_unreadable_origin_is_the_reason():
    each = await ports()
    each.git.fail["remote_url"] = GitError("git remote get-url origin", "not a repository")

    outcome = await open_pull_request(DRAFT, each)

    assert "the origin remote cannot be read" in outcome.reason


async def test_an_api_url_the_token_must_not_go_to_is_the_reason_and_nothing_is_sent():
    api = FakeGitHubApi()

    outcome = await open_pull_request(DRAFT, await ports(api=api, settings={"github.apiUrl": "http://evil.test"}))

    assert "must use https" in outcome.reason and api.created == []


@pytest.mark.parametrize("error, reason", [
    (GitHubApiError(401, "Bad credentials"), "GitHub refused the token (401: Bad credentials)"),
    (GitHubApiError(404, "Not Found"), "GitHub answered 404 for acme/rocket"),
    (GitHubApiError(422, "Validation Failed", ("No commits between main and feat/parser",)),
     "GitHub refused the pull request (422: Validation Failed (No commits between main and feat/parser))"),
    (GitHubApiError(None, "no answer within 30 s"), "GitHub could not be reached at https://api.github.com"),
    (GitHubApiError(502, "Bad Gateway"), "GitHub answered 502: Bad Gateway"),
])
async def test_a_refusal_of_github_is_the_reason_with_its_message(error, reason):
    api = FakeGitHubApi()
    api.refusal = error

    outcome = await open_pull_request(DRAFT, await ports(api=api))

    assert outcome.url is None and reason in outcome.reason and outcome.gh_command


async def test_a_pull_request_that_already_exists_is_shown_when_github_lists_it():
    api = FakeGitHubApi()
    api.refusal = GitHubApiError(422, "Validation Failed", ("A pull request already exists for acme:feat/parser.",))
    api.open_pulls["feat/parser"] = OpenedPull("https://github.com/acme/rocket/pull/4", 4)

    outcome = await open_pull_request(DRAFT, await ports(api=api))

    assert outcome.already_open and outcome.url == "https://github.com/acme/rocket/pull/4"


async def test_a_pull_request_said_to_exist_but_not_listed_is_the_reason():
    api = FakeGitHubApi()
    api.refusal = GitHubApiError(422, "Validation Failed", ("A pull request already exists for acme:feat/parser.",))

    outcome = await open_pull_request(DRAFT, await ports(api=api))

    assert outcome.url is None and "already exists" in outcome.reason


async def test_without_an_output_folder_the_gh_command_carries_the_body():
    each = await ports(api=FakeGitHubApi(has_token=False))
    without_files = PullRequestPorts(each.git, each.github, each.config, None)

    outcome = await open_pull_request(DRAFT, without_files)

    assert outcome.body_file is None and "--body '# feat: add the parser" in outcome.gh_command


async def test_dev_pr_auto_is_off_unless_set():
    assert await pr_auto(await config_store()) is False


async def test_dev_pr_auto_set_to_true_asks_the_plan_close_for_the_pull_request():
    assert await pr_auto(await config_store({"dev.prAuto": True})) is True


async def test_a_settings_file_that_does_not_read_is_the_reason_not_an_error():
    each = await ports()
    broken = ConfigStore(FakeConfigFiles(project="{not json"), await CurrentSession.open(FakeSessionStore()),
                         FakeWorkspaceTrust(trusted=True), {})

    outcome = await open_pull_request(DRAFT, PullRequestPorts(each.git, each.github, broken, each.files))

    assert outcome.url is None and "/repo/.orkeon/config.json" in outcome.reason
    assert outcome.gh_command.startswith("gh pr create --base main --head feat/parser")


async def test_a_body_that_cannot_be_written_is_said_in_the_reason():
    files = FakeFiles()
    files.fail["/output/pr-feat-parser/PR.md"] = "disk full"

    outcome = await open_pull_request(DRAFT, await ports(api=FakeGitHubApi(has_token=False), files=files))

    assert "its body could not be written" in outcome.reason and "disk full" in outcome.reason
    assert "--body '# feat: add the parser" in outcome.gh_command
