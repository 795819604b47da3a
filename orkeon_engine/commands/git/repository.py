"""What the git commands share: the repository (or why there is none) and the paths the person named."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.git.git import PathOutsideRepositoryError, repo_path
from orkeon_engine.ports.git import Git


def require_git(deps: Deps) -> Git:
    """The workspace's repository, or NotConfiguredError saying there is none."""
    if deps.git is None or deps.workspace.git_root is None:
        raise NotConfiguredError(f"{deps.workspace.root} is not in a git repository: run `git init` there first "
                                 "to use the git commands")
    return deps.git


def repo_paths(deps: Deps, words: Sequence[str]) -> list[str]:
    """The named paths (relative to the person's folder, or absolute) relative to the repository's root; a path
    outside it is a CommandFailedError."""
    git_root = deps.workspace.git_root or deps.workspace.root
    try:
        return [repo_path(deps.workspace.here, git_root, word) for word in words]
    except PathOutsideRepositoryError as error:
        raise CommandFailedError(str(error)) from None
