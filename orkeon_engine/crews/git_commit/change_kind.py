"""What code can tell of a change's Conventional Commits type before the model chooses, so the schema's
type enum offers only the types that can be true: what no model should have to guess.

- only documentation files: `docs`; only test files: `test`; only build files, only CI files, or both:
  `build`, `ci`, or either;
- a pure rename (files moved without a changed line, or every changed line the same but for one name
  replaced by another throughout): `refactor`;
- code that only gains lines, a new public definition among them (a function, a class, an exported name):
  `feat`;
- anything else: every type (the model reads the diff).

The rules look at paths and at the diff's lines only, never at what the words mean.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.git.git import StatusEntry

PathKind = Literal["docs", "test", "build", "ci", "code"]

_CI = re.compile(r"(^|/)(\.github/workflows|\.gitlab-ci\.ya?ml$|\.circleci/|\.ci/|Jenkinsfile$|"
                 r"azure-pipelines\.ya?ml$|\.travis\.ya?ml$|\.buildkite/|\.woodpecker)")
_BUILD_NAMES = frozenset({
    "pyproject.toml", "setup.py", "setup.cfg", "makefile", "gnumakefile", "cmakelists.txt", "package.json",
    "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock", "uv.lock", "pipfile", "pipfile.lock",
    "cargo.toml", "cargo.lock", "go.mod", "go.sum", "pom.xml", "build.gradle", "build.gradle.kts",
    "settings.gradle", "gemfile", "gemfile.lock", "dockerfile", "tox.ini", "noxfile.py", "meson.build",
    "manifest.in", "environment.yml", "requirements.in",
})
_BUILD = re.compile(r"(^|/)(requirements[^/]*\.(txt|in)|constraints[^/]*\.txt|Dockerfile\.[^/]+|[^/]+\.mk)$",
                    re.IGNORECASE)
_TEST = re.compile(r"(^|/)(tests?|__tests__|spec)/|(^|/)test_[^/]+\.py$|_test\.(py|go)$|"
                   r"\.(test|spec)\.[cm]?[jt]sx?$|(^|/)conftest\.py$", re.IGNORECASE)
_DOCS = re.compile(r"(^|/)docs?/|\.(md|rst|adoc|txt)$|(^|/)(readme|changelog|changes|history|license|"
                   r"copying|authors|contributing|notice)([.-][^/]*)?$", re.IGNORECASE)
_PUBLIC_DEFINITION = re.compile(
    r"^\s*(?:(?:async\s+)?def\s+(?!_)\w|class\s+(?!_)\w|export\s+(?:default\s+)?(?:async\s+)?"
    r"(?:function|class|const|let|var|interface|type)\b|func\s+(?:\([^)]*\)\s*)?[A-Z]\w*\s*\(|"
    r"pub\s+(?:async\s+)?(?:fn|struct|enum|trait)\b|public\s+(?:static\s+)?[\w<>\[\]]+\s+\w+\s*\()")
_TOKEN = re.compile(r"\w+|\s+|[^\w\s]")


def path_kind(path: str) -> PathKind:
    """What a changed file is, by its path alone (a test's own data or docs count as the test's)."""
    name = path.rsplit("/", 1)[-1].lower()
    if _CI.search(path):
        return "ci"
    if _TEST.search(path):
        return "test"
    if name in _BUILD_NAMES or _BUILD.search(path):
        return "build"
    if _DOCS.search(path):
        return "docs"
    return "code"


@dataclass(frozen=True)
class DiffLines:
    """The lines a unified diff removes and adds (their `-` and `+` marks taken off), in order."""

    removed: tuple[str, ...]
    added: tuple[str, ...]


def diff_lines(diff: str) -> DiffLines:
    removed: list[str] = []
    added: list[str] = []
    for line in diff.splitlines():
        if line.startswith(("+++", "---")):
            continue
        if line.startswith("-"):
            removed.append(line[1:])
        elif line.startswith("+"):
            added.append(line[1:])
    return DiffLines(tuple(removed), tuple(added))


def allowed_types(entries: Sequence[StatusEntry], diff: str, new_file_texts: Sequence[str] = (),
                  every: Sequence[str] = ()) -> tuple[str, ...]:
    """The commit types that can be true of the change (`every`, the whole list, when code cannot tell).
    `diff` is the tracked files' diff; `new_file_texts` the starts of the files git does not track yet."""
    kinds = {path_kind(entry.path) for entry in entries}
    kinds |= {path_kind(entry.original) for entry in entries if entry.original}
    lines = diff_lines(diff)
    if kinds == {"docs"}:
        return ("docs",)
    if kinds == {"test"}:
        return ("test",)
    if kinds and kinds <= {"build", "ci"}:
        return tuple(sorted(kinds))
    if entries and (_moved_only(entries, lines) or _one_name_replaced(lines)):
        return ("refactor",)
    added = list(lines.added) + [line for text in new_file_texts for line in text.splitlines()]
    if "code" in kinds and not lines.removed and any(_PUBLIC_DEFINITION.match(line) for line in added):
        return ("feat",)
    return tuple(every)


def _moved_only(entries: Sequence[StatusEntry], lines: DiffLines) -> bool:
    """Files renamed (git's R) and nothing else changed."""
    return all(entry.original and entry.code.startswith("R") for entry in entries) and not (
        lines.removed or lines.added)


def _one_name_replaced(lines: DiffLines) -> bool:
    """Each removed line paired with the added line in its place, the same but for one name replaced by
    another, the same replacement throughout (a rename of a function, a variable or a class)."""
    if not lines.removed or len(lines.removed) != len(lines.added):
        return False
    replaced: tuple[str, str] | None = None
    for old, new in zip(lines.removed, lines.added, strict=True):
        before, after = _TOKEN.findall(old), _TOKEN.findall(new)
        if len(before) != len(after):
            return False
        for a, b in zip(before, after, strict=True):
            if a == b:
                continue
            if not (a.isidentifier() and b.isidentifier()) or replaced not in (None, (a, b)):
                return False
            replaced = (a, b)
    return replaced is not None
