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


class ReviewSource(Protocol):
    """The repository's changes as unified diff text, its paths relative to the repository root.

    Failure contract: raises ReviewSourceError with a message naming the problem; no change is "" (not an
    error). `--working` includes files git does not track yet (but not ignored ones)."""

    async def diff(self, request: DiffRequest) -> str: ...
