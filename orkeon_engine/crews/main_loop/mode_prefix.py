"""The `mode:` prefix of a request: `mode:plan how would you split this module?` runs that turn in plan.

The prefix is the request's first word; the mode is checked by the launching command against the modes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "mode:"
_PREFIXED = re.compile(r"^\s*mode:(?P<mode>\S*)(?:\s+(?P<rest>.*))?$", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class PrefixedRequest:
    """The request without its prefix, and the mode the prefix named (None without a prefix)."""

    request: str
    mode: str | None = None


def split_mode_prefix(text: str) -> PrefixedRequest:
    """Split `mode:<name> <request>`; text without the prefix is the request as it is (stripped)."""
    match = _PREFIXED.match(text)
    if match is None:
        return PrefixedRequest(text.strip())
    return PrefixedRequest((match["rest"] or "").strip(), match["mode"])
