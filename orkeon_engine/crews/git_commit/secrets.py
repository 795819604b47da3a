"""What stops a commit before any model sees it: a path that usually holds secrets, and an added line that
looks like a credential. A finding names the file (and the line) and the kind, never the value."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from orkeon_engine.crews.git_commit.added_lines import AddedLine
from orkeon_engine.domain.secrets.secret_paths import secret_path_reason

__all__ = ["CredentialHit", "find_credentials", "secret_path_reason"]

@dataclass(frozen=True)
class CredentialHit:
    """An added line that looks like a credential: where, and of what kind."""

    path: str
    line: int
    kind: str

    def describe(self) -> str:
        return f"{self.path}:{self.line}: {self.kind}"


# Each pattern is pinned by tests/crews/git_commit/test_secrets.py, a true and a false example each.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a private key block", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")),
    ("an AWS access key id", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b")),
    ("an AWS secret access key",
     re.compile(r"(?i)aws_?secret_?access_?key\W{0,4}[:=]\s*[\"']?[A-Za-z0-9/+=]{40}\b")),
    ("a GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b")),
    ("a GitLab token", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}")),
    ("a Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    ("a Slack webhook", re.compile(r"https://hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/[A-Za-z0-9]+")),
    ("an Anthropic API key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
    ("an OpenAI-style API key", re.compile(r"\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}")),
    ("a Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ("a Stripe live key", re.compile(r"\b[rs]k_live_[0-9A-Za-z]{20,}")),
)

_SECRET_NAME = r"[A-Za-z0-9_.-]*(?:secret|token|passw(?:or)?d|pwd|api[_-]?key|access[_-]?key|private[_-]?key)" \
               r"[A-Za-z0-9_.-]*"
_ASSIGNMENT = re.compile(
    rf"(?i)(?P<name>{_SECRET_NAME})[\"']?\s*(?::=|=>|[:=])\s*"
    r"(?:(?P<quote>[\"'])(?P<quoted>[^\"'\s]{12,})(?P=quote)|(?P<bare>[A-Za-z0-9+/=_~.-]{16,})(?=\s|$|[,;]))"
)
_REFERENCE = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$|^[A-Z_][A-Z0-9_]*$")
_PLACEHOLDER = re.compile(r"(?i)change.?me|example|placeholder|your[_-]|dummy|redacted|x{6,}|\*{4,}")
MIN_ENTROPY = 3.3


def shannon_entropy(text: str) -> float:
    """Bits per character of `text`: random keys score high, words and repeated characters low."""
    if not text:
        return 0.0
    counts: dict[str, int] = {}
    for char in text:
        counts[char] = counts.get(char, 0) + 1
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _looks_random(value: str) -> bool:
    if _REFERENCE.match(value) or _PLACEHOLDER.search(value) or any(c in value for c in "${}<>()"):
        return False
    classes = sum(1 for test in (str.islower, str.isupper, str.isdigit) if any(test(c) for c in value))
    return classes >= 2 and shannon_entropy(value) >= MIN_ENTROPY


def credential_kind(text: str) -> str | None:
    """The kind of credential a line looks like, or None."""
    for kind, pattern in _PATTERNS:
        if pattern.search(text):
            return kind
    for match in _ASSIGNMENT.finditer(text):
        value = match.group("quoted") or match.group("bare") or ""
        if _looks_random(value):
            return f"a high-entropy value assigned to {match.group('name')}"
    return None


def find_credentials(lines: Iterable[AddedLine]) -> list[CredentialHit]:
    """Every added line that looks like a credential, in order."""
    hits: list[CredentialHit] = []
    for line in lines:
        kind = credential_kind(line.text)
        if kind is not None:
            hits.append(CredentialHit(line.path, line.number, kind))
    return hits
