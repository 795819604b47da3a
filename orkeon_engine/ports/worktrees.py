"""Worktrees: the git worktrees a wave of batches runs in (`git worktree add/list/remove`), and the moves that
bring a batch's branch into the current branch: a fast-forward merge, a rebase onto the last merged batch.

Paths in and out are relative to the repository's root (`root`), with forward slashes; a worktree outside the
root is given as an absolute path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from orkeon_engine.ports.git import GitError

__all__ = ["GitError", "Rebase", "Worktree", "Worktrees"]


@dataclass(frozen=True)
class Worktree:
    """One worktree git knows: its path, its branch (None when detached), its HEAD commit, and whether its
    folder is gone (`git worktree prune` forgets it)."""

    path: str
    branch: str | None
    head: str
    missing: bool = False


@dataclass(frozen=True)
class Rebase:
    """The outcome of a rebase: done, or refused by a conflict (aborted, the branch as it was) with the files
    in conflict."""

    done: bool
    conflicts: tuple[str, ...] = ()


class Worktrees(Protocol):
    """The worktrees of one repository.

    Failure contract: every operation git refuses raises GitError with git's reason (a fast-forward that is not
    possible included); a rebase conflict is an answer, not an error, and leaves no rebase under way. No
    operation leaves a half-merged branch: the current branch is moved by one fast-forward or not at all."""

    root: str

    async def head(self, path: str = "") -> str:
        """The full commit id HEAD names, in the main working tree or in the worktree at `path`."""
        ...

    async def current_branch(self) -> str | None:
        """The branch checked out in the main working tree, None on a detached HEAD."""
        ...

    async def add(self, path: str, branch: str, start: str) -> None:
        """`git worktree add -b <branch> <path> <start>`: a new worktree on a new branch from `start`; when the
        branch exists already (a batch resumed), the worktree checks it out as it stands."""
        ...

    async def linked(self) -> list[Worktree]:
        """The linked worktrees (the main working tree left out)."""
        ...

    async def remove(self, path: str) -> None:
        """Remove the worktree at `path`, its changes with it (`git worktree remove --force`), then forget the
        worktrees whose folder is gone (`git worktree prune`)."""
        ...

    async def prune(self) -> None:
        """`git worktree prune`: forget the worktrees whose folder is gone."""
        ...

    async def delete_branch(self, branch: str) -> None:
        """`git branch -D <branch>`; a branch that does not exist is no error."""
        ...

    async def branch_head(self, branch: str) -> str | None:
        """The commit a local branch points at, None when it does not exist."""
        ...

    async def contains(self, commit: str, descendant: str) -> bool:
        """Whether `commit` is an ancestor of (or is) `descendant`."""
        ...

    async def changed_files(self, base: str, tip: str) -> list[str]:
        """The paths that differ between two commits, sorted."""
        ...

    async def dirty_files(self, path: str) -> list[str]:
        """The paths with changes in the worktree at `path`, untracked files included, sorted."""
        ...

    async def fast_forward(self, branch: str) -> None:
        """`git merge --ff-only <branch>` in the main working tree: the current branch moves to the branch's
        tip, or stays where it was (GitError with git's reason)."""
        ...

    async def rebase(self, path: str, onto: str) -> Rebase:
        """Rebase the branch checked out in the worktree at `path` onto `onto`; on a conflict the rebase is
        aborted (`git rebase --abort`) and the files in conflict are answered."""
        ...

