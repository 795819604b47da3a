"""WebPages: one page of the web fetched, as readable text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from orkeon_engine.domain.tools.web_urls import WebUrl


class WebPagesError(Exception):
    """The page could not be fetched (no answer, a refused connection, a bad TLS certificate, a timeout);
    the message names the URL and the reason."""

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(f"{url}: {reason}")
        self.url = url
        self.reason = reason


@dataclass(frozen=True)
class WebPage:
    """What one request got: the status, the media type, the page as readable text (Markdown for HTML, the
    text itself for text; empty for anything else), the Location of a redirect, and how much came."""

    url: str
    status: int
    content_type: str = ""
    text: str = ""
    location: str | None = None
    size: int = 0
    truncated: bool = False
    """The body was longer than the size asked for, and only that much was read."""


class WebPages(Protocol):
    """Failure contract: `fetch` makes one GET request for exactly that URL and follows no redirect (a 3xx
    comes back with its `location`); an HTTP error status is a WebPage too; WebPagesError when no answer
    came."""

    async def fetch(self, url: WebUrl, max_bytes: int) -> WebPage: ...
