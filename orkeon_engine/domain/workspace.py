"""What the engine knows of the folder it works in: its root, and what is limited there."""

from __future__ import annotations

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

    @property
    def is_git(self) -> bool:
        return self.git_root is not None

    @property
    def here(self) -> str:
        """The folder the person's paths start from: their current folder, else the root."""
        return self.cwd or self.root
