"""Pull requests, the pure part: the GitHub repository behind a remote's address, the API's base URL, the
pull request asked for, what became of it, and the `gh pr create` command that stands in when it is not opened.

A remote's address comes in the forms git accepts: `https://github.com/owner/repo.git` (a user and a
password before the host are dropped, never shown), `git@github.com:owner/repo.git`,
`ssh://git@github.com[:port]/owner/repo.git`, `git://host/owner/repo`. The API's base URL is the
`github.apiUrl` setting (https://api.github.com by default, `https://<host>/api/v3` for GitHub Enterprise):
https only, or http to a loopback address, with no user, query or fragment, since the token goes there.
"""

from __future__ import annotations

import ipaddress
import re
import shlex
from dataclasses import dataclass
from urllib.parse import urlsplit

DEFAULT_API_URL = "https://api.github.com"
GITHUB_HOST = "github.com"
TOKEN_VARIABLES = ("GITHUB_TOKEN", "GH_TOKEN")
"""Where the token is read, in this order, once, when the engine starts."""
API_URL_KEY = "github.apiUrl"

_OWNER = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
_NAME = re.compile(r"^[A-Za-z0-9._-]{1,100}$")
_SCP_FORM = re.compile(r"^(?:[^@/\s]+@)?(?P<host>[A-Za-z0-9.-]+):(?P<path>[^/\s][^\s]*)$")
_URL_SCHEMES = ("https", "http", "ssh", "git", "git+ssh", "ssh+git")
_LOOPBACK_NAMES = ("localhost",)


@dataclass(frozen=True)
class GitHubRepo:
    """A repository on a GitHub server: the host of its address, its owner and its name."""

    host: str
    owner: str
    name: str

    @property
    def slug(self) -> str:
        return f"{self.owner}/{self.name}"


@dataclass(frozen=True)
class PullRequestDraft:
    """The pull request asked for: its title and body, the branch it merges into and the branch it brings."""

    title: str
    body: str
    base: str
    head: str


@dataclass(frozen=True)
class OpenedPull:
    """A pull request GitHub holds: its page and its number."""

    url: str
    number: int


@dataclass(frozen=True)
class PullRequestOutcome:
    """What became of a pull request: opened (or found already open) with its page, else the reason and the
    `gh pr create` command that opens it by hand. `body_file` is the virtual path of the body written for it."""

    url: str | None
    gh_command: str
    reason: str = ""
    number: int | None = None
    already_open: bool = False
    body_file: str | None = None

    @property
    def opened(self) -> bool:
        return self.url is not None

    def lines(self) -> tuple[str, ...]:
        """What the person reads: the page, or the reason and the command."""
        if self.url is not None:
            said = "a pull request is already open for this branch" if self.already_open else "pull request opened"
            number = f" #{self.number}" if self.number is not None else ""
            return (f"{said}{number}: {self.url}",)
        return (f"the pull request was not opened: {self.reason}; open it with:", f"  {self.gh_command}")


class ApiUrlError(ValueError):
    """A `github.apiUrl` value that cannot receive the token; the message says why and what is accepted."""


def parse_remote_url(url: str) -> GitHubRepo | None:
    """The repository a remote's address names, or None when it is not `<host>/<owner>/<name>` in a form git
    accepts (a local path, a bundle, a path of more or fewer than two parts)."""
    text = url.strip()
    if "://" in text:
        parts = urlsplit(text)
        if parts.scheme.lower() not in _URL_SCHEMES or not parts.hostname:
            return None
        host, path = parts.hostname, parts.path
    else:
        match = _SCP_FORM.match(text)
        if match is None:
            return None
        host, path = match.group("host"), match.group("path")
    return _repo(host.lower(), path)


def _repo(host: str, path: str) -> GitHubRepo | None:
    pieces = [piece for piece in path.strip("/").split("/") if piece]
    if len(pieces) != 2:
        return None
    owner, name = pieces
    if name.endswith(".git"):
        name = name[: -len(".git")]
    if not _OWNER.match(owner) or not _NAME.match(name) or name in (".", ".."):
        return None
    return GitHubRepo(host, owner, name)


def shown_remote(url: str) -> str:
    """A remote's address as it may be shown: without the user and password an https address may carry."""
    if "://" not in url:
        return url.strip()
    parts = urlsplit(url.strip())
    netloc = parts.netloc.rsplit("@", 1)[-1]
    return parts._replace(netloc=netloc).geturl()


def parse_api_url(value: object) -> str:
    """The API's base URL without its trailing slash; ApiUrlError when the token must not go there."""
    if not isinstance(value, str) or not value.strip():
        raise ApiUrlError(f"{API_URL_KEY} must be a URL such as {DEFAULT_API_URL} or https://<host>/api/v3")
    text = value.strip().rstrip("/")
    try:
        parts = urlsplit(text)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:
        raise ApiUrlError(f"{API_URL_KEY} {value!r} is not a URL") from None
    del port  # read to validate it: urlsplit raises on a port that is not a number
    if parts.username is not None or parts.password is not None:
        raise ApiUrlError(f"{API_URL_KEY} may not carry a user or password (the token is sent in a header)")
    if parts.query or parts.fragment or not host:
        raise ApiUrlError(f"{API_URL_KEY} {text!r} must be scheme://host[/path], with no query or fragment")
    if parts.scheme == "http" and _is_loopback(host):
        return text
    if parts.scheme != "https":
        raise ApiUrlError(f"{API_URL_KEY} {text!r} must use https (http only to a loopback address): the token "
                          "would travel in clear")
    return text


def _is_loopback(host: str) -> bool:
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def api_host(api_url: str) -> str:
    """The host the API's base URL reaches (`api.github.com`), for the gate's domain rules."""
    return urlsplit(api_url).hostname or ""


def host_mismatch(repo: GitHubRepo, api_url: str) -> str:
    """Why the API at `api_url` is not the server of `repo`, or "" when it may be: a repository off
    github.com cannot be reached through GitHub's own API."""
    if api_url.rstrip("/") != DEFAULT_API_URL or repo.host == GITHUB_HOST:
        return ""
    return (f"origin is on {repo.host}, and {API_URL_KEY} is GitHub's own API ({DEFAULT_API_URL}): set "
            f"{API_URL_KEY} to that server's API, such as https://{repo.host}/api/v3")


def names_an_existing_pull(details: tuple[str, ...]) -> bool:
    """Whether GitHub's refusal (422) says a pull request already exists for the branch."""
    return any("already exists" in detail.lower() for detail in details)


def pr_slug(branch: str) -> str:
    """A folder name from a branch name: lower case, words joined by dashes, 60 characters at most."""
    slug = re.sub(r"[^a-z0-9]+", "-", branch.lower()).strip("-")
    return slug[:60].rstrip("-") or "branch"


def gh_command(base: str, head: str, title: str, body_file: str | None, body: str = "") -> str:
    """The `gh pr create` command that opens the pull request by hand, every word quoted for the shell: the
    body from its file when one was written, else as text."""
    source = ("--body-file", body_file) if body_file is not None else ("--body", body)
    return " ".join(shlex.quote(part) for part in
                    ("gh", "pr", "create", "--base", base, "--head", head, "--title", title, *source))
