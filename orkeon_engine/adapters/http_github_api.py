"""HttpGitHubApi: the GitHubApi port over httpx, with the token read once from the environment.

`from_environment` takes GITHUB_TOKEN, else GH_TOKEN, when the engine starts; the token lives in this
object only, goes out in the Authorization header of the API's own requests, and is masked out of any text
GitHub answers (a server could quote it back). No redirect is followed, so the token never goes further
than the base URL it was sent to. httpx loads on the first call.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from orkeon_engine.domain.git.pull_requests import TOKEN_VARIABLES, GitHubRepo, OpenedPull, PullRequestDraft
from orkeon_engine.domain.secrets.secret_masking import MASK
from orkeon_engine.ports.github_api import GitHubApiError

TIMEOUT_SECONDS = 30.0
API_VERSION = "2022-11-28"
MAX_DETAILS = 5


class HttpGitHubApi:
    """The API reached with one client per call; `repr` never shows the token."""

    def __init__(self, token: str | None, user_agent: str = "Orkeon", timeout: float = TIMEOUT_SECONDS) -> None:
        self.__token = token.strip() if token and token.strip() else None
        self._user_agent = user_agent
        self._timeout = timeout

    @classmethod
    def from_environment(cls, env: Mapping[str, str], user_agent: str = "Orkeon") -> HttpGitHubApi:
        """The API with the first token of GITHUB_TOKEN, GH_TOKEN that is set and not blank."""
        token = next((env[name] for name in TOKEN_VARIABLES if env.get(name, "").strip()), None)
        return cls(token, user_agent)

    def __repr__(self) -> str:
        return f"HttpGitHubApi(token={'set' if self.__token else 'none'})"

    @property
    def has_token(self) -> bool:
        return self.__token is not None

    async def create_pull(self, api_url: str, repo: GitHubRepo, draft: PullRequestDraft) -> OpenedPull:
        body = {"title": draft.title, "head": draft.head, "base": draft.base, "body": draft.body}
        answer = await self._request("POST", f"{api_url}/repos/{repo.owner}/{repo.name}/pulls", json_body=body)
        if answer.status_code != 201:
            raise self._refusal(answer.status_code, answer.content)
        pull = self._pull(_json(answer.content))
        if pull is None:
            raise GitHubApiError(answer.status_code, "the answer names no pull request (no html_url)")
        return pull

    async def find_open_pull(self, api_url: str, repo: GitHubRepo, head: str) -> OpenedPull | None:
        params = {"head": f"{repo.owner}:{head}", "state": "open"}
        answer = await self._request("GET", f"{api_url}/repos/{repo.owner}/{repo.name}/pulls", params=params)
        if answer.status_code != 200:
            raise self._refusal(answer.status_code, answer.content)
        listed = _json(answer.content)
        if not isinstance(listed, list):
            return None
        return next((pull for pull in map(self._pull, listed) if pull is not None), None)

    async def _request(self, method: str, url: str, json_body: dict[str, Any] | None = None,
                       params: dict[str, str] | None = None) -> Any:
        if self.__token is None:
            raise GitHubApiError(None, f"no token: {' and '.join(TOKEN_VARIABLES)} are not set")
        import httpx

        headers = {"Accept": "application/vnd.github+json", "Authorization": f"Bearer {self.__token}",
                   "X-GitHub-Api-Version": API_VERSION, "User-Agent": self._user_agent}
        try:
            async with httpx.AsyncClient(follow_redirects=False, timeout=self._timeout) as client:
                return await client.request(method, url, headers=headers, json=json_body, params=params)
        except httpx.TimeoutException:
            raise GitHubApiError(None, f"no answer from {url} within {self._timeout:g} s") from None
        except httpx.HTTPError as error:
            raise GitHubApiError(None, self._masked(f"{url}: {error or type(error).__name__}")) from None

    def _refusal(self, status: int, content: bytes) -> GitHubApiError:
        answer = _json(content)
        message = answer.get("message") if isinstance(answer, dict) else None
        errors = answer.get("errors") if isinstance(answer, dict) else None
        details = tuple(self._masked(_detail(item)) for item in errors[:MAX_DETAILS]) if isinstance(errors, list) \
            else ()
        said = str(message) if message else content.decode("utf-8", "replace")[:300].strip() or "no message"
        return GitHubApiError(status, self._masked(said), tuple(detail for detail in details if detail))

    def _pull(self, item: object) -> OpenedPull | None:
        if not isinstance(item, dict) or not isinstance(item.get("html_url"), str):
            return None
        number = item.get("number")
        return OpenedPull(self._masked(item["html_url"]), number if isinstance(number, int) else 0)

    def _masked(self, text: str) -> str:
        return text.replace(self.__token, MASK) if self.__token else text


def _json(content: bytes) -> Any:
    try:
        return json.loads(content)
    except (ValueError, UnicodeDecodeError):
        return None


def _detail(item: object) -> str:
    """One entry of GitHub's `errors` list in words: its message, else its field and code."""
    if isinstance(item, str):
        return item
    if not isinstance(item, dict):
        return ""
    if isinstance(item.get("message"), str):
        return str(item["message"])
    return " ".join(str(item[key]) for key in ("resource", "field", "code") if item.get(key))
