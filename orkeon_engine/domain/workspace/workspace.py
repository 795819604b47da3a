"""What the engine knows of the folder it works in: its root, and what is limited there; and how a path on
disk reads for the person (shown_path) and where a path they typed points (typed_path)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass


@dataclass(frozen=True)
class WorkspaceInfo:
    """The workspace root, whether it is in a git repository and writable, and what that limits."""

    root: str
    git_root: str | None
    writable: bool
    limitations: tuple[str, ...] = ()
    cwd: str | None = None
    """The folder the person works from (the command line's current folder), which the paths they type are
    relative to; None when it is the root (the editor)."""
    state_dir: str | None = None
    """The workspace's private state folder (state.db, caches), in the person's own state folder and never
    under the workspace; None when it cannot be had (the state is then kept in memory)."""
    moved: tuple[str, ...] = ()
    """What an older Orkeon kept under the workspace and this run moved to `state_dir`, a line each."""
    ignored: tuple[str, ...] = ()
    """Files under the workspace that an older Orkeon read back and that are never read (they came with the
    repository or are not this user's), a line each saying why."""

    @property
    def is_git(self) -> bool:
        return self.git_root is not None

    @property
    def here(self) -> str:
        """The folder the person's paths start from: their current folder, else the root."""
        return self.cwd or self.root


def shown_path(path: str, base: str) -> str:
    """An absolute path as the person reads it: relative to `base` (their folder) when that is shorter, else
    as it is. Both are absolute, so nothing is read from the disk."""
    relative = posixpath.relpath(path, base)
    return relative if len(relative) < len(path) else path


def typed_path(typed: str, base: str, home: str | None = None) -> str:
    """The absolute path a person means by `typed`: relative to `base` (their folder), `~` for `home`."""
    if home and (typed == "~" or typed.startswith("~/")):
        typed = home + typed[1:]
    return posixpath.normpath(posixpath.join(base, typed))
