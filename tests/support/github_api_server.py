"""A loopback stand-in of the GitHub REST API, for the pull request tests: a real HTTP server on 127.0.0.1.

    with GitHubApiServer(token="ghp_x", repos={"acme/rocket"}) as api:
        api.url          # http://127.0.0.1:PORT, the github.apiUrl to set
        api.requests     # every request: method, path, headers, JSON body

It answers as GitHub does for the two calls Orkeon makes: POST /repos/{owner}/{repo}/pulls is 401 (Bad
credentials) without `Authorization: Bearer <token>` (or `token <token>`), 404 for a repository it does not
hold, 422 (Validation Failed) for a body without title, head or base, or when a pull request of that head
is already open ("A pull request already exists for owner:head."), else 201 with the new pull request;
GET /repos/{owner}/{repo}/pulls?head=owner:head&state=open lists the open pull request of that head.
`status_override` answers every request with that status and GitHub's message for it (or `message_override`).
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: Any = None


@dataclass
class GitHubApiServer:
    token: str
    repos: set[str] = field(default_factory=lambda: {"acme/rocket"})
    status_override: int | None = None
    message_override: str | None = None
    """With status_override, the message every answer carries (a hostile server's text)."""
    requests: list[Recorded] = field(default_factory=list)
    pulls: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    """The open pull requests: (owner/repo, head) -> the pull request as GitHub shows it."""

    def __post_init__(self) -> None:
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._thread = threading.Thread(target=self._httpd.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}"

    def __enter__(self) -> GitHubApiServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def answer(self, method: str, path: str, headers: dict[str, str], body: Any) -> tuple[int, Any]:
        """GitHub's answer to one request: its status and JSON body."""
        self.requests.append(Recorded(method, path, headers, body))
        if self.status_override is not None:
            said = self.message_override or _MESSAGES.get(self.status_override, "Error")
            return self.status_override, {"message": said}
        if headers.get("authorization") not in (f"Bearer {self.token}", f"token {self.token}"):
            return 401, {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest"}
        parts = urlsplit(path)
        pieces = parts.path.strip("/").split("/")
        if len(pieces) != 4 or pieces[0] != "repos" or pieces[3] != "pulls":
            return 404, {"message": "Not Found"}
        slug = f"{pieces[1]}/{pieces[2]}"
        if slug not in self.repos:
            return 404, {"message": "Not Found"}
        if method == "GET":
            head = parse_qs(parts.query).get("head", [""])[0].split(":", 1)[-1]
            return 200, [pull for (repo, branch), pull in self.pulls.items() if repo == slug and branch == head]
        return self._create(slug, pieces[1], body)

    def _create(self, slug: str, owner: str, body: Any) -> tuple[int, Any]:
        if not isinstance(body, dict) or not all(isinstance(body.get(key), str) and body[key]
                                                 for key in ("title", "head", "base")):
            return 422, {"message": "Validation Failed",
                         "errors": [{"resource": "PullRequest", "field": "title", "code": "missing_field"}]}
        head = body["head"]
        if (slug, head) in self.pulls:
            return 422, {"message": "Validation Failed", "errors": [
                {"resource": "PullRequest", "code": "custom",
                 "message": f"A pull request already exists for {owner}:{head}."}]}
        number = len(self.pulls) + 1
        pull = {"number": number, "html_url": f"https://github.com/{slug}/pull/{number}", "title": body["title"],
                "head": {"ref": head}, "base": {"ref": body["base"]}, "body": body.get("body"), "state": "open"}
        self.pulls[(slug, head)] = pull
        return 201, pull


_MESSAGES = {401: "Bad credentials", 403: "Resource not accessible by integration", 404: "Not Found",
             500: "Server Error"}


def _handler(server: GitHubApiServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = raw.decode("utf-8", "replace")
            headers = {name.lower(): value for name, value in self.headers.items()}
            status, answer = server.answer(self.command, self.path, headers, body)
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = _serve  # noqa: N815 (the stdlib's names)
        do_POST = _serve  # noqa: N815

        def log_message(self, *args: Any) -> None:
            pass

    return Handler
