"""ReviewSource: the diff a review reads, staged, of the working tree, or since a revision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Protocol

from orkeon_engine.domain.errors import CommandFailedError

DiffScope = Literal["staged", "working", "since"]


class ReviewSourceError(CommandFailedError):
    """The diff cannot be read: not a git repository, an unknown revision, git failing; the message says which."""


@dataclass(frozen=True)
class DiffRequest:
    """Which changes to read, limited to `paths` (relative to the workspace) when any are given."""

    scope: DiffScope = "staged"
    base: str | None = None
    paths: tuple[str, ...] = ()

    def describe(self) -> str:
        """The changes in words: `the staged changes`, `the working tree`, `the changes since main`."""
        what = {"staged": "the staged changes", "working": "the working tree",
                "since": f"the changes since {self.base}"}[self.scope]
        return what + (f" under {', '.join(self.paths)}" if self.paths else "")


@dataclass(frozen=True)
class FileVersions:
    """One changed file's whole text before and after the change; None for a side that does not exist or
    cannot be read as UTF-8 text (too large, binary, a link)."""

    old: str | None
    new: str | None


class ReviewSource(Protocol):
    """The repository's changes as unified diff text, its paths relative to the repository root, and what a
    review needs to prove a change behaviour-neutral (domain/review/behaviour_neutral.py).

    Failure contract: `diff` raises ReviewSourceError with a message naming the problem; no change is "" (not
    an error). `--working` includes files git does not track yet (but not ignored ones). `versions` and
    `mentions` never raise: what they cannot read is None."""

    async def diff(self, request: DiffRequest) -> str: ...

    async def versions(self, request: DiffRequest, old_path: str, path: str) -> FileVersions:
        """`old_path` as the change's base has it (HEAD, or --base's revision) and `path` as the change
        leaves it (the index for staged changes, else the working tree)."""
        ...

    async def mentions(self, request: DiffRequest, word: str) -> tuple[str, ...] | None:
        """The repository's files that say `word` (as a whole word, in the tree the change leaves: the index
        for staged changes, else the working tree with untracked files), whatever paths the request names;
        None when they cannot be searched."""
        ...
