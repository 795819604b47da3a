"""Paths for the code tools: the model's virtual path (`/workspace/src/a.py`, or `src/a.py`) turned into the
index's workspace-relative path, and back; a path outside /workspace is refused, since only the project
is indexed."""

from __future__ import annotations

from orkeon_engine.ports.files import Files, FilesError

WORKSPACE = "/workspace"


class OutsideWorkspaceError(ValueError):
    """A path the index cannot hold: the message names it and says why."""


def workspace_relative(files: Files, path: str) -> str:
    """`src/a.py` for `/workspace/src/a.py` (or `src/a.py`); the workspace itself is `.`."""
    try:
        resolved = files.resolve(path.strip() or WORKSPACE)
    except FilesError as error:
        raise OutsideWorkspaceError(str(error)) from None
    if resolved == WORKSPACE:
        return "."
    if not resolved.startswith(WORKSPACE + "/"):
        raise OutsideWorkspaceError(f"{resolved}: only files under /workspace are indexed")
    return resolved[len(WORKSPACE) + 1:]


def virtual(relative: str) -> str:
    return WORKSPACE if relative in ("", ".") else f"{WORKSPACE}/{relative}"
