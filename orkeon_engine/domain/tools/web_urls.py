"""The URLs web_fetch accepts, read strictly: http or https, a host, no user name or password.

`parse_web_url` reads the model's text once and hands back a WebUrl whose `host` is what the permission
rules match (`web_fetch(domain:example.org)`) and whose `text` is the canonical URL the fetch really
requests, so the host that was checked is the host that is reached. Whatever two URL readers could read
differently is refused rather than guessed: a backslash, whitespace or a control character, a user name or
password before the host (`https://example.org@evil.test/`), a port that is not a number, a host with
characters no host name has. A host in another script is turned into its ASCII (IDNA) form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import quote, urljoin, urlsplit

SCHEMES = ("http", "https")
HOST_NAME = re.compile(r"[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*")
IPV6 = re.compile(r"[0-9a-f:.]+")
PATH_SAFE = "/%:@!$&'()*+,;=-._~"
MAX_URL = 8192


class WebUrlError(ValueError):
    """A URL web_fetch refuses; the message says why and what is accepted."""


@dataclass(frozen=True)
class WebUrl:
    """A URL as web_fetch requests it."""

    scheme: str
    host: str
    """Lower-case, ASCII, without a trailing dot; an IPv6 address without its brackets."""
    port: int | None
    target: str
    """The path and the query (`/docs/a?b=1`), never empty."""

    @property
    def text(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        port = f":{self.port}" if self.port is not None else ""
        return f"{self.scheme}://{host}{port}{self.target}"


def parse_web_url(text: str) -> WebUrl:
    """The URL `text` names, or WebUrlError saying why it is refused (nothing else is raised)."""
    raw = text.strip()
    if not raw:
        raise WebUrlError("the URL is empty; give an http:// or https:// URL")
    if len(raw) > MAX_URL:
        raise WebUrlError(f"the URL is {len(raw)} characters long; at most {MAX_URL} are accepted")
    bad = next((c for c in raw if c.isspace() or ord(c) < 32 or ord(c) == 127 or c == "\\"), None)
    if bad is not None:
        raise WebUrlError(f"the URL holds {bad!r}, which a URL cannot hold unencoded")
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError as error:
        raise WebUrlError(f"the URL does not parse ({error})") from None
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES:
        shown = f"the {scheme}: scheme" if scheme else "a URL without a scheme"
        raise WebUrlError(f"{shown} is refused; only http:// and https:// URLs are fetched")
    if "@" in parts.netloc:
        raise WebUrlError("a URL with a user name or password before the host is refused")
    host = normalize_host(parts.hostname or "")
    return WebUrl(scheme, host, port, _target(parts.path, parts.query))


def resolve_redirect(base: WebUrl, location: str) -> WebUrl:
    """The URL a redirect's Location names, read against the page that sent it, as strictly as any URL."""
    return parse_web_url(urljoin(base.text, location.strip()))


def normalize_host(host: str) -> str:
    """The host in the form rules compare: lower case, ASCII (IDNA), no trailing dot; WebUrlError when it
    is no host name nor IP address."""
    name = host.strip().lower().rstrip(".")
    if not name:
        raise WebUrlError("the URL names no host")
    if ":" in name:
        if IPV6.fullmatch(name) is None:
            raise WebUrlError(f"{host!r} is not an IPv6 address")
        return name
    if not name.isascii():
        try:
            name = name.encode("idna").decode("ascii")
        except UnicodeError:
            raise WebUrlError(f"the host {host!r} cannot be written in ASCII (IDNA)") from None
    if HOST_NAME.fullmatch(name) is None:
        raise WebUrlError(f"the host {host!r} holds characters no host name has")
    return name


def _target(path: str, query: str) -> str:
    target = quote(path, safe=PATH_SAFE) or "/"
    if query:
        target += "?" + quote(query, safe=PATH_SAFE + "?")
    return target
