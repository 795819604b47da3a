"""FakeWebPages: pages by URL text; `fetched` keeps every URL asked for, `down` makes a URL fail."""

from __future__ import annotations

from dataclasses import dataclass, field

from orkeon_engine.domain.tools.web_urls import WebUrl
from orkeon_engine.ports.web_pages import WebPage, WebPagesError


@dataclass
class FakeWebPages:
    pages: dict[str, WebPage] = field(default_factory=dict)
    down: dict[str, str] = field(default_factory=dict)
    fetched: list[str] = field(default_factory=list)

    async def fetch(self, url: WebUrl, max_bytes: int) -> WebPage:
        self.fetched.append(url.text)
        if url.text in self.down:
            raise WebPagesError(url.text, self.down[url.text])
        return self.pages.get(url.text, WebPage(url.text, 404, "text/plain", "not found", size=9))
