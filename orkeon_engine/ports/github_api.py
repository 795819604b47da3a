"""GitHubApi: the GitHub REST API as opening a pull request needs it, with the token the adapter holds.

The token never crosses this port: the adapter read it once, when the engine started (GITHUB_TOKEN, else
GH_TOKEN), and only says whether it has one. The API's base URL is handed in at each call, since it is a
setting (`github.apiUrl`) that can change while the engine runs.
"""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.git.pull_requests import GitHubRepo, OpenedPull, PullRequestDraft


class GitHubApiError(Exception):
    """GitHub refused, or did not answer: `status` is the HTTP status (None when no answer came), `message`
    GitHub's own message (or the reason nothing came), `details` the messages of its `errors` list. No text
    of it holds the token."""

    def __init__(self, status: int | None, message: str, details: tuple[str, ...] = ()) -> None:
        super().__init__(f"{status}: {message}" if status is not None else message)
        self.status = status
        self.message = message
        self.details = details


class GitHubApi(Protocol):
    """Failure contract: a call made without a token, an answer other than the expected status, and no
    answer at all raise GitHubApiError; nothing else is raised. No redirect is followed."""

    @property
    def has_token(self) -> bool:
        """Whether a token was found when the engine started."""
        ...

    async def create_pull(self, api_url: str, repo: GitHubRepo, draft: PullRequestDraft) -> OpenedPull:
        """POST /repos/{owner}/{repo}/pulls: the new pull request (201)."""
        ...

    async def find_open_pull(self, api_url: str, repo: GitHubRepo, head: str) -> OpenedPull | None:
        """GET /repos/{owner}/{repo}/pulls?head={owner}:{head}&state=open: the open pull request of that branch,
        or None when there is none."""
        ...
