"""probe_workspace: find out whether a folder is in a git repository and writable, and prepare .orkeon/local/."""

from __future__ import annotations

import os
from pathlib import Path

from orkeon_engine.domain.workspace import WorkspaceInfo

LOCAL_GITIGNORE = "# Orkeon's local state: never committed.\n*\n"


def find_git_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding `.git` (a folder or a worktree's file)."""
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return None


def prepare_local_dir(root: Path) -> tuple[Path | None, str]:
    """Create `.orkeon/local/` with its own .gitignore; (None, reason) when it cannot be made."""
    local = root / ".orkeon" / "local"
    try:
        local.mkdir(parents=True, exist_ok=True)
        ignore = local / ".gitignore"
        if not ignore.exists():
            ignore.write_text(LOCAL_GITIGNORE, encoding="utf-8")
    except OSError as error:
        return None, f"{local} cannot be created ({error.strerror or error})"
    return local, ""


def probe_workspace(root: Path) -> tuple[WorkspaceInfo, Path | None]:
    """The WorkspaceInfo of `root` and its local state folder (None when not writable)."""
    root = root.resolve()
    git_root = find_git_root(root)
    limitations: list[str] = []
    if git_root is None:
        limitations.append("not a git repository: the git commands and reviews are unavailable")
    writable = os.access(root, os.W_OK)
    local: Path | None = None
    if writable:
        local, reason = prepare_local_dir(root)
        if local is None:
            writable = False
            limitations.append(reason + ": sessions are kept in memory only")
    else:
        limitations.append(f"{root} is not writable: sessions are kept in memory only and nothing is saved")
    info = WorkspaceInfo(
        root=str(root),
        git_root=str(git_root) if git_root else None,
        writable=writable,
        limitations=tuple(limitations),
    )
    return info, local
