"""The pure part of pull requests: a remote's address read in every form git takes, the API's base URL
checked before a token goes there, the outcome's lines and the gh command."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.git.pull_requests import (
    DEFAULT_API_URL,
    ApiUrlError,
    GitHubRepo,
    PullRequestOutcome,
    api_host,
    gh_command,
    host_mismatch,
    names_an_existing_pull,
    parse_api_url,
    parse_remote_url,
    pr_slug,
    shown_remote,
)

OWNERS = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9-]{0,20}", fullmatch=True)
NAMES = st.from_regex(r"[A-Za-z0-9_-][A-Za-z0-9._-]{0,20}", fullmatch=True).filter(
    lambda name: not name.endswith(".git") and name not in (".", ".."))
HOSTS = st.sampled_from(["github.com", "ghe.example.com", "git.corp.internal"])


@pytest.mark.parametrize("address", [
    "https://github.com/acme/rocket.git",
    "https://github.com/acme/rocket",
    "https://github.com/acme/rocket/",
    "https://user:secret@github.com/acme/rocket.git",
    "http://github.com/acme/rocket.git",
    "git@github.com:acme/rocket.git",
    "git@github.com:acme/rocket",
    "ssh://git@github.com/acme/rocket.git",
    "ssh://git@github.com:22/acme/rocket.git",
    "git://github.com/acme/rocket.git",
])
def test_every_form_git_accepts_names_the_owner_and_the_repository(address):
    assert parse_remote_url(address) == GitHubRepo("github.com", "acme", "rocket")


@pytest.mark.parametrize("address", [
    "/srv/git/rocket.git", "../rocket", "file:///srv/git/acme/rocket.git", "https://github.com/acme",
    "https://github.com/acme/rocket/extra", "git@github.com:rocket.git", "", "https://github.com/acme/..",
    "ftp://github.com/acme/rocket",
])
def test_an_address_that_names_no_owner_and_repository_is_none(address):
    assert parse_remote_url(address) is None


@given(HOSTS, OWNERS, NAMES, st.booleans(), st.sampled_from(["https", "ssh", "scp"]))
def test_a_built_address_reads_back_as_its_parts(host, owner, name, dot_git, form):
    suffix = ".git" if dot_git else ""
    address = {"https": f"https://{host}/{owner}/{name}{suffix}", "ssh": f"ssh://git@{host}/{owner}/{name}{suffix}",
               "scp": f"git@{host}:{owner}/{name}{suffix}"}[form]

    assert parse_remote_url(address) == GitHubRepo(host, owner, name)


@given(st.text(max_size=80))
def test_any_text_is_read_without_an_exception(text):
    parsed = parse_remote_url(text)

    assert parsed is None or (parsed.owner and parsed.name)


def test_an_address_is_shown_without_its_password():
    assert shown_remote("https://me:ghp_secret@github.com/acme/rocket.git") == "https://github.com/acme/rocket.git"


@pytest.mark.parametrize("value, expected", [
    ("https://api.github.com", "https://api.github.com"),
    ("https://ghe.example.com/api/v3/", "https://ghe.example.com/api/v3"),
    ("http://127.0.0.1:8123", "http://127.0.0.1:8123"),
    ("http://localhost:9000/api", "http://localhost:9000/api"),
])
def test_an_https_url_or_a_loopback_http_url_is_an_api_url(value, expected):
    assert parse_api_url(value) == expected


@pytest.mark.parametrize("value, why", [
    ("http://ghe.example.com/api/v3", "must use https"),
    ("https://user:pw@ghe.example.com", "user or password"),
    ("https://ghe.example.com/api?x=1", "no query"),
    ("api.github.com", "scheme://host"),
    ("", "must be a URL"),
    (42, "must be a URL"),
    ("https://host:notaport/", "is not a URL"),
])
def test_an_api_url_the_token_must_not_go_to_is_refused_with_the_reason(value, why):
    with pytest.raises(ApiUrlError, match=why):
        parse_api_url(value)


@given(st.text(max_size=60))
def test_any_api_url_is_accepted_or_refused_with_an_api_url_error(text):
    try:
        accepted = parse_api_url(text)
    except ApiUrlError:
        return

    assert accepted.startswith(("https://", "http://"))


def test_the_api_host_is_what_domain_rules_match():
    assert api_host("https://ghe.example.com/api/v3") == "ghe.example.com"


def test_a_repository_off_github_com_with_the_default_api_says_which_setting_to_change():
    reason = host_mismatch(GitHubRepo("ghe.example.com", "acme", "rocket"), DEFAULT_API_URL)

    assert "github.apiUrl" in reason and "https://ghe.example.com/api/v3" in reason


def test_a_repository_on_github_com_or_an_enterprise_api_is_no_mismatch():
    assert host_mismatch(GitHubRepo("github.com", "a", "b"), DEFAULT_API_URL) == ""
    assert host_mismatch(GitHubRepo("ghe.example.com", "a", "b"), "https://ghe.example.com/api/v3") == ""


def test_a_422_saying_the_pull_request_already_exists_is_recognised():
    assert names_an_existing_pull(("A pull request already exists for acme:feat.",))
    assert not names_an_existing_pull(("No commits between main and feat",))


def test_an_opened_pull_request_is_one_line_with_its_page():
    outcome = PullRequestOutcome("https://github.com/a/b/pull/7", "gh pr create", number=7)

    assert outcome.lines() == ("pull request opened #7: https://github.com/a/b/pull/7",)


def test_a_pull_request_not_opened_says_why_and_gives_the_command():
    outcome = PullRequestOutcome(None, "gh pr create --base main", "no GitHub token")

    assert outcome.lines() == ("the pull request was not opened: no GitHub token; open it with:",
                               "  gh pr create --base main")


def test_a_branch_name_becomes_a_folder_slug():
    assert pr_slug("feat/Git Commit_crew") == "feat-git-commit-crew"
    assert pr_slug("///") == "branch"


def test_the_gh_command_quotes_what_needs_quoting():
    command = gh_command("main", "feat/x", "feat: it's done", "out/PR.md")

    assert command == "gh pr create --base main --head feat/x --title 'feat: it'\"'\"'s done' --body-file out/PR.md"


def test_without_a_body_file_the_gh_command_carries_the_body():
    assert gh_command("main", "x", "t", None, "the why").endswith("--title t --body 'the why'")
