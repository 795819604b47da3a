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

    @property
    def is_git(self) -> bool:
        return self.git_root is not None
