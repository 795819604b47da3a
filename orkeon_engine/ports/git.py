"""Git: the repository the workspace lives in, as the git commands and the commit crew need it.

Paths in and out are relative to the repository's root, with forward slashes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from orkeon_engine.domain.git.git import FileStart, StatusEntry

__all__ = ["FileStart", "Git", "GitError", "StatusEntry"]


class GitError(Exception):
    """A git operation that failed: the message says which operation and git's own reason."""

    def __init__(self, operation: str, reason: str) -> None:
        super().__init__(f"{operation}: {reason}" if reason else operation)
        self.operation = operation
        self.reason = reason


class Git(Protocol):
    """One repository.

    Failure contract: every operation git refuses (an unknown branch, a rejected push, a hook that fails,
    a missing remote) raises GitError with git's reason; nothing else is raised for git's refusals. The
    reads of an empty repository (no commit yet) answer as empty: no subjects, every file new.
    `identity` never raises: None is the answer when git has no identity to commit with."""

    root: str

    async def status(self) -> list[StatusEntry]:
        """Every path `git status` lists, untracked files one by one, ignored files left out."""
        ...

    async def diff(self, paths: Sequence[str] = (), *, staged: bool = False) -> str:
        """The unified diff of the working tree against the index (`staged`: the index against HEAD),
        limited to `paths` when some are given."""
        ...

    async def diff_to_commit(self, paths: Sequence[str]) -> str:
        """The changes of the tracked `paths` between HEAD and the working tree, staged or not: what
        `git commit --only -- <paths>` records for them."""
        ...

    async def file_start(self, path: str, max_bytes: int) -> FileStart:
        """The first `max_bytes` of a file in the working tree."""
        ...

    async def identity(self) -> str | None:
        """`git var GIT_AUTHOR_IDENT`, else `GIT_COMMITTER_IDENT`, else None."""
        ...

    async def recent_subjects(self, limit: int) -> list[str]:
        """The subject lines of the last `limit` commits of HEAD, newest first."""
        ...

    async def add(self, paths: Sequence[str]) -> None:
        """`git add -- <paths>` (a deleted path stages its deletion)."""
        ...

    async def commit_only(self, message: str, paths: Sequence[str]) -> str:
        """`git commit --only -- <paths>`: commit those paths alone, other staged work left staged. Returns
        the new commit's short id."""
        ...

    async def current_branch(self) -> str | None:
        """The checked-out branch, None on a detached HEAD."""
        ...

    async def default_branch(self) -> str | None:
        """The branch pull requests target: origin's HEAD, else `init.defaultBranch` when it exists, else
        main or master when one exists, else None."""
        ...

    async def branches(self) -> list[str]:
        """The local branches, sorted."""
        ...

    async def create_branch(self, name: str) -> None:
        """Create a branch at HEAD without switching to it."""
        ...

    async def switch(self, name: str) -> None:
        """Check out an existing local branch."""
        ...

    async def dirty_files(self) -> list[str]:
        """The tracked paths with changes, staged or not (untracked files do not count)."""
        ...

    async def push(self, branch: str) -> str:
        """`git push -u origin <branch>`; returns what git reported."""
        ...

    async def remote_url(self, name: str) -> str | None:
        """The address of the remote `name` (`git remote get-url`), None when there is no such remote."""
        ...
