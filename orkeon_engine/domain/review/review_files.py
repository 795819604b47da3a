"""Which files of a change were written by hand, and the order a review shows them in.

A review's budget goes to hand-written source first: a 6 MB generated file must not push a small
hand-written one out of the model's view. A file is `lock` (package-lock.json, poetry.lock, go.sum...),
`vendored` (under vendor/, node_modules/, third_party/...), `minified` (*.min.js, source maps, or added
lines far longer than anyone types) or `generated` (a generator's name pattern, a generated/ or dist/
folder, or a marker such as `@generated` or `DO NOT EDIT` in its first lines), else `source`.
`review_order` puts source first and the others after it, keeping the diff's order within each kind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.git.diff import Diff, FileDiff

FileKind = Literal["source", "generated", "vendored", "lock", "minified"]
RANK: dict[FileKind, int] = {"source": 0, "generated": 1, "vendored": 2, "lock": 3, "minified": 4}

LOCK_NAMES = frozenset({
    "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lockb", "poetry.lock",
    "pipfile.lock", "uv.lock", "pdm.lock", "cargo.lock", "gemfile.lock", "composer.lock", "go.sum",
    "mix.lock", "pubspec.lock", "podfile.lock", "packages.lock.json", "flake.lock", "gradle.lockfile",
    "conan.lock", "deno.lock",
})
VENDOR_FOLDERS = frozenset({"vendor", "vendored", "third_party", "third-party", "thirdparty", "node_modules",
                            "bower_components"})
GENERATED_FOLDERS = frozenset({"generated", "__generated__", "_generated", "dist"})
GENERATED_NAME = re.compile(
    r"(_pb2(_grpc)?\.pyi?|\.pb\.(go|cc|h|swift)|_grpc\.pb\.go|\.g\.(dart|cs)|\.freezed\.dart|\.designer\.cs"
    r"|[._-]generated\.[a-z0-9]+|\.gen\.(go|ts|js))$",
    re.IGNORECASE,
)
MINIFIED_NAME = re.compile(r"([.-]min\.(js|mjs|cjs|css)|\.(js|css)\.map)$", re.IGNORECASE)
GENERATED_MARKER = re.compile(
    r"@generated|do not edit|auto-?generated|automatically generated|code generated (by|from)",
    re.IGNORECASE,
)
HEADER_LINES = 5
"""How many first lines of a file may carry a generator's marker."""
MINIFIED_MEAN_LENGTH = 300
MINIFIED_MIN_CHARS = 1_000


@dataclass(frozen=True)
class ReviewOrder:
    """The diff with its files in the order a review shows them, and each file's kind by path."""

    diff: Diff
    kinds: dict[str, FileKind]


def review_order(diff: Diff) -> ReviewOrder:
    """Hand-written source first, then generated, vendored, lock and minified files."""
    kinds = {file.path: file_kind(file) for file in diff.files}
    ordered = sorted(diff.files, key=lambda file: RANK[kinds[file.path]])  # stable: the diff's order within a kind
    return ReviewOrder(Diff(tuple(ordered)), kinds)


def file_kind(file: FileDiff) -> FileKind:
    """What the file is, from its path, its first lines and the length of its added lines."""
    parts = file.path.lower().split("/")
    name = parts[-1]
    if name in LOCK_NAMES:
        return "lock"
    if VENDOR_FOLDERS.intersection(parts[:-1]):
        return "vendored"
    if MINIFIED_NAME.search(name) or _long_lines(file):
        return "minified"
    if GENERATED_NAME.search(name) or GENERATED_FOLDERS.intersection(parts[:-1]) or _marked(file):
        return "generated"
    return "source"


def _marked(file: FileDiff) -> bool:
    return any(GENERATED_MARKER.search(line.text) for hunk in file.hunks for line in hunk.lines
               if line.new_number is not None and line.new_number <= HEADER_LINES)


def _long_lines(file: FileDiff) -> bool:
    lengths = [len(line.text) for hunk in file.hunks for line in hunk.added()]
    total = sum(lengths)
    return total >= MINIFIED_MIN_CHARS and total / len(lengths) > MINIFIED_MEAN_LENGTH
