"""A .gitignore reader for folders git does not manage: the patterns of the root's .gitignore, matched as
git matches them (comments, negation, anchoring with a slash, folders with a trailing slash, `*`, `?`,
`[...]` and `**`). In a git repository the index asks git itself instead."""

from __future__ import annotations

import re
from dataclasses import dataclass

from orkeon_engine.domain.workspace.glob_patterns import glob_regex


@dataclass(frozen=True)
class IgnoreRule:
    regex: re.Pattern[str]
    negated: bool
    dir_only: bool


def parse_gitignore(text: str) -> tuple[IgnoreRule, ...]:
    """The rules of a .gitignore text, in order; lines that mean nothing are skipped."""
    rules: list[IgnoreRule] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        if negated:
            line = line[1:]
        dir_only = line.endswith("/")
        line = line.rstrip("/")
        if not line:
            continue
        anchored = "/" in line
        line = line.lstrip("/")
        body = glob_regex(line)
        prefix = "" if anchored else "(?:.*/)?"
        try:
            regex = re.compile(f"^{prefix}{body}$")
        except re.error:
            continue
        rules.append(IgnoreRule(regex, negated, dir_only))
    return tuple(rules)


def is_ignored(rules: tuple[IgnoreRule, ...], path: str, is_dir: bool = False) -> bool:
    """Whether the workspace-relative `path` is ignored: the last rule that matches decides; a file under an
    ignored folder is ignored."""
    parts = path.split("/")
    for depth in range(1, len(parts)):
        if _decide(rules, "/".join(parts[:depth]), True):
            return True
    return _decide(rules, path, is_dir)


def _decide(rules: tuple[IgnoreRule, ...], path: str, is_dir: bool) -> bool:
    ignored = False
    for rule in rules:
        if rule.dir_only and not is_dir:
            continue
        if rule.regex.match(path):
            ignored = not rule.negated
    return ignored
