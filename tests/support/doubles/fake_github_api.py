"""FakeGitHubApi: the GitHubApi port over plain fields; the pull requests asked for are recorded.

`opened` is what create_pull answers (its number grows with each call); set `refusal` to a GitHubApiError to
make create_pull refuse, and `open_pulls` ({head: OpenedPull}) to what find_open_pull finds.
"""

from __future__ import annotations

from orkeon_engine.domain.git.pull_requests import GitHubRepo, OpenedPull, PullRequestDraft
from orkeon_engine.ports.github_api import GitHubApiError


class FakeGitHubApi:
    def __init__(self, has_token: bool = True) -> None:
        self.has_token = has_token
        self.refusal: GitHubApiError | None = None
        self.open_pulls: dict[str, OpenedPull] = {}
        self.created: list[tuple[str, GitHubRepo, PullRequestDraft]] = []
        self.searched: list[tuple[str, GitHubRepo, str]] = []

    async def create_pull(self, api_url: str, repo: GitHubRepo, draft: PullRequestDraft) -> OpenedPull:
        self.created.append((api_url, repo, draft))
        if self.refusal is not None:
            raise self.refusal
        number = len(self.created)
        return OpenedPull(f"https://github.com/{repo.slug}/pull/{number}", number)

    async def find_open_pull(self, api_url: str, repo: GitHubRepo, head: str) -> OpenedPull | None:
        self.searched.append((api_url, repo, head))
        return self.open_pulls.get(head)
