"""HttpWebPages: the WebPages port over httpx, with HTML turned into Markdown by markdownify.

One GET per call, no redirect followed, the body read up to the size asked for (the rest is not
downloaded), a bounded wait. HTML loses what a reader does not read (scripts, styles, forms' innards,
embedded SVG) before it becomes Markdown; text and JSON come back as they are, decoded by their charset
(UTF-8 when none is said); anything else comes back without text. httpx and markdownify load on the
first fetch.
"""

from __future__ import annotations

import re
from typing import Any

from orkeon_engine.domain.tools.web_urls import WebUrl
from orkeon_engine.ports.web_pages import WebPage, WebPagesError

TIMEOUT_SECONDS = 30.0
HTML_TYPES = ("text/html", "application/xhtml+xml")
TEXT_TYPES = ("application/json", "application/xml", "application/javascript", "application/x-yaml")
UNREAD_TAGS = ("script", "style", "noscript", "template", "svg", "iframe", "object", "canvas")
BLANK_LINES = re.compile(r"\n{3,}")


class HttpWebPages:
    """Pages fetched with a client made per call (no cookies kept between calls)."""

    def __init__(self, user_agent: str = "Orkeon web_fetch", timeout: float = TIMEOUT_SECONDS) -> None:
        self._user_agent = user_agent
        self._timeout = timeout

    async def fetch(self, url: WebUrl, max_bytes: int) -> WebPage:
        import httpx

        headers = {"User-Agent": self._user_agent, "Accept": "text/html, text/*;q=0.9, */*;q=0.5"}
        try:
            async with httpx.AsyncClient(follow_redirects=False, timeout=self._timeout, headers=headers) as client, \
                    client.stream("GET", url.text) as response:
                body, truncated = await _read(response, max_bytes)
        except httpx.TimeoutException:
            raise WebPagesError(url.text, f"no answer within {self._timeout:g} s") from None
        except httpx.HTTPError as error:
            raise WebPagesError(url.text, str(error) or type(error).__name__) from None
        media = response.headers.get("content-type", "").split(";")[0].strip().lower()
        text = readable_text(body, media, response.charset_encoding)
        return WebPage(url.text, response.status_code, media, text, response.headers.get("location"), len(body),
                       truncated)


async def _read(response: Any, max_bytes: int) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        chunks.append(chunk)
        size += len(chunk)
        if size > max_bytes:
            return b"".join(chunks)[:max_bytes], True
    return b"".join(chunks), False


def readable_text(body: bytes, media: str, charset: str | None) -> str:
    """The body as a reader would read it: Markdown for HTML, the text for text, "" for the rest."""
    if media in HTML_TYPES:
        return html_to_markdown(_decode(body, charset))
    if media.startswith("text/") or media in TEXT_TYPES or media.endswith("+json") or not media:
        return _decode(body, charset)
    return ""


def html_to_markdown(html: str) -> str:
    """HTML as Markdown: the title first, scripts and styles dropped, runs of blank lines folded."""
    from bs4 import BeautifulSoup
    from markdownify import MarkdownConverter

    soup = BeautifulSoup(html, "html.parser")
    for tag in soup(UNREAD_TAGS):
        tag.decompose()
    title = soup.title.get_text(" ", strip=True) if soup.title else ""
    if soup.head is not None:
        soup.head.decompose()
    text = MarkdownConverter(heading_style="ATX", bullets="-").convert_soup(soup)
    text = BLANK_LINES.sub("\n\n", text).strip()
    return f"# {title}\n\n{text}" if title and not text.startswith("# ") else text


def _decode(body: bytes, charset: str | None) -> str:
    try:
        return body.decode(charset or "utf-8", errors="replace")
    except LookupError:  # a charset Python does not know
        return body.decode("utf-8", errors="replace")
