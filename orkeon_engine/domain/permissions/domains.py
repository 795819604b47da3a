"""Domain patterns, the specifier of a network tool's rule: `web_fetch(domain:example.org)`.

`domain:example.org` matches that host alone (`EXAMPLE.org.` too: case and a trailing dot do not count);
`domain:*.example.org` matches every host under it (`docs.example.org`, `a.b.example.org`) but not
`example.org` itself. An address is written as such: `domain:127.0.0.1`, `domain:[::1]`. The port and the
scheme are not part of the pattern. Neither form ever matches `example.org.evil.test` nor
`evilexample.org`.
"""

from __future__ import annotations

from orkeon_engine.domain.tools.web_urls import WebUrlError, normalize_host

DOMAIN_MARK = "domain:"
SUBDOMAINS_MARK = "*."


class DomainPatternError(ValueError):
    """A domain pattern that does not parse: `offset` into the specifier and the `reason`."""

    def __init__(self, offset: int, reason: str) -> None:
        super().__init__(reason)
        self.offset = offset
        self.reason = reason


def check_domain_pattern(specifier: str) -> str:
    """The pattern's host part, normalised (`*.example.org`), or DomainPatternError."""
    if not specifier.startswith(DOMAIN_MARK):
        raise DomainPatternError(0, "a network tool's specifier is domain:<host>, such as "
                                    "web_fetch(domain:example.org) or web_fetch(domain:*.example.org)")
    host = specifier[len(DOMAIN_MARK):].strip()
    wildcard = host.startswith(SUBDOMAINS_MARK)
    bare = host[len(SUBDOMAINS_MARK):] if wildcard else host
    if bare.startswith("[") and bare.endswith("]"):
        bare = bare[1:-1]
    if not bare:
        raise DomainPatternError(len(DOMAIN_MARK), "the host is missing after domain:")
    try:
        normal = normalize_host(bare)
    except WebUrlError as error:
        raise DomainPatternError(len(DOMAIN_MARK), f"{error}; write a host such as example.org") from None
    return SUBDOMAINS_MARK + normal if wildcard else normal


def domain_matches(specifier: str, host: str) -> bool:
    """True when the pattern covers `host` (already normalised by web_urls); False for a bad pattern."""
    try:
        pattern = check_domain_pattern(specifier)
    except DomainPatternError:
        return False
    if pattern.startswith(SUBDOMAINS_MARK):
        return host.endswith("." + pattern[len(SUBDOMAINS_MARK):])
    return host == pattern


def domain_rule_text(host: str) -> str:
    """The specifier that lets exactly this host through: `domain:example.org` (`domain:[::1]`)."""
    return DOMAIN_MARK + (f"[{host}]" if ":" in host else host)
