"""open_pull_request: one pull request opened on GitHub for a pushed branch, or the `gh pr create` command
that opens it by hand with the reason it was not; used by /commit --pr, the create_pr tool and the dev plan's
close.

The body is written first to `/output/pr-<slug>/PR.md` (the command's --body-file). Then, in order: a
token (GITHUB_TOKEN, else GH_TOKEN, read by the adapter when the engine started), the `github.apiUrl`
setting (a project's file sets it only once the workspace is trusted: domain/settings/trust.py), the origin remote
and the GitHub repository its address names, and the API's answer. A 422 saying a pull request already
exists for the branch is answered with that pull request when GitHub lists it. Nothing here sees the token.
"""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.git.pull_requests import (
    DEFAULT_API_URL,
    TOKEN_VARIABLES,
    ApiUrlError,
    GitHubRepo,
    OpenedPull,
    PullRequestDraft,
    PullRequestOutcome,
    gh_command,
    host_mismatch,
    names_an_existing_pull,
    parse_api_url,
    parse_remote_url,
    pr_slug,
    shown_remote,
)
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.git import Git, GitError
from orkeon_engine.ports.github_api import GitHubApi, GitHubApiError
from orkeon_engine.services.config_store import ConfigStore

PR_AUTO_KEY = "dev.prAuto"
REMOTE = "origin"


@dataclass(frozen=True)
class PullRequestPorts:
    """What opening a pull request works over: the repository (its origin), the API (None: this engine has
    none), the settings, and the VFS that holds /output for the body (None: the command names no file)."""

    git: Git
    github: GitHubApi | None
    config: ConfigStore
    files: Files | None = None


@dataclass(frozen=True)
class BodyFile:
    """The pull request's body as written: its virtual path and the file behind it."""

    virtual: str
    host: str


NO_API_CLIENT = "this engine has no GitHub API client"


class _NotOpened(Exception):
    """Why the pull request was not opened, said to the person."""


async def pr_auto(config: ConfigStore) -> bool:
    """The `dev.prAuto` setting: whether the dev plan's close pushes and opens the pull request by itself."""
    return bool(await config.get(PR_AUTO_KEY, False))


async def api_url_setting(config: ConfigStore) -> str:
    """The checked `github.apiUrl` (its default when unset); ApiUrlError saying why the token cannot go there."""
    return parse_api_url(await config.get("github.apiUrl", DEFAULT_API_URL))


async def write_pull_request_body(files: Files, head: str, body: str) -> BodyFile:
    """Write the body to /output/pr-<slug of head>/PR.md; FilesError when it cannot be written."""
    virtual = f"/output/pr-{pr_slug(head)}/PR.md"
    await files.write_text(virtual, body)
    return BodyFile(virtual, files.host_path(virtual))


async def open_pull_request(draft: PullRequestDraft, ports: PullRequestPorts) -> PullRequestOutcome:
    """Open the pull request of `draft` (its head already pushed to origin): the outcome holds its page, or
    the `gh pr create` command with the reason. Never raises for GitHub's refusals, a missing token or a
    settings file that does not read (the commit and the push before it are done)."""
    try:
        api_url, repo = await _target(ports)
    except _NotOpened as reason:
        return await pull_request_by_hand(draft, ports.files, str(reason))
    body_file, unwritten = await _body_file(draft, ports.files)
    command = _command(draft, body_file)
    virtual = body_file.virtual if body_file else None
    try:
        return await _create(draft, ports, api_url, repo, command, virtual)
    except _NotOpened as reason:
        return PullRequestOutcome(None, command, f"{reason}{unwritten}", body_file=virtual)


async def pull_request_by_hand(draft: PullRequestDraft, files: Files | None, reason: str) -> PullRequestOutcome:
    """The pull request not opened, for `reason`: its body written when `files` can, and the command."""
    body_file, unwritten = await _body_file(draft, files)
    return PullRequestOutcome(None, _command(draft, body_file), f"{reason}{unwritten}",
                              body_file=body_file.virtual if body_file else None)


def _command(draft: PullRequestDraft, body_file: BodyFile | None) -> str:
    return gh_command(draft.base, draft.head, draft.title, body_file.host if body_file else None, draft.body)


async def _body_file(draft: PullRequestDraft, files: Files | None) -> tuple[BodyFile | None, str]:
    """The body written to its file, or None with what kept it from being written (to add to the reason)."""
    if files is None:
        return None, ""
    try:
        return await write_pull_request_body(files, draft.head, draft.body), ""
    except FilesError as error:
        return None, f"; its body could not be written ({error}), so the command holds it"


async def _target(ports: PullRequestPorts) -> tuple[str, GitHubRepo]:
    """The API's base URL and the repository of origin, or _NotOpened saying what is missing."""
    if ports.github is None:
        raise _NotOpened(NO_API_CLIENT)
    if not ports.github.has_token:
        raise _NotOpened(f"no GitHub token: neither {' nor '.join(TOKEN_VARIABLES)} is set")
    try:
        api_url = await api_url_setting(ports.config)
    except (ApiUrlError, ConfigFileError) as error:
        raise _NotOpened(str(error)) from None
    try:
        address = await ports.git.remote_url(REMOTE)
    except GitError as error:
        raise _NotOpened(f"the {REMOTE} remote cannot be read: {error}") from None
    if address is None:
        raise _NotOpened(f"the repository has no {REMOTE} remote")
    repo = parse_remote_url(address)
    if repo is None:
        raise _NotOpened(f"{REMOTE}'s address ({shown_remote(address)}) names no <owner>/<repository> on a server")
    mismatch = host_mismatch(repo, api_url)
    if mismatch:
        raise _NotOpened(mismatch)
    return api_url, repo


async def _create(draft: PullRequestDraft, ports: PullRequestPorts, api_url: str, repo: GitHubRepo, command: str,
                  virtual: str | None) -> PullRequestOutcome:
    github = ports.github
    assert github is not None  # _target checked it
    try:
        pull = await github.create_pull(api_url, repo, draft)
        return PullRequestOutcome(pull.url, command, number=pull.number, body_file=virtual)
    except GitHubApiError as error:
        if error.status == 422 and names_an_existing_pull(error.details):
            existing = await _existing(github, api_url, repo, draft.head)
            if existing is not None:
                return PullRequestOutcome(existing.url, command, number=existing.number, already_open=True,
                                          body_file=virtual)
        raise _NotOpened(_refusal(error, repo, api_url)) from None


async def _existing(github: GitHubApi, api_url: str, repo: GitHubRepo, head: str) -> OpenedPull | None:
    """The open pull request of the branch GitHub says exists, when it lists it."""
    try:
        return await github.find_open_pull(api_url, repo, head)
    except GitHubApiError:
        return None


def _refusal(error: GitHubApiError, repo: GitHubRepo, api_url: str) -> str:
    """GitHub's refusal in words: the status, what it means here, GitHub's own message."""
    details = f" ({'; '.join(error.details)})" if error.details else ""
    said = f"{error.message}{details}"
    if error.status is None:
        return f"GitHub could not be reached at {api_url}: {said}"
    if error.status == 401:
        return f"GitHub refused the token (401: {said})"
    if error.status == 404:
        return (f"GitHub answered 404 for {repo.slug}: the repository does not exist there or the token cannot "
                f"see it ({said})")
    if error.status == 422:
        return f"GitHub refused the pull request (422: {said})"
    return f"GitHub answered {error.status}: {said}"
