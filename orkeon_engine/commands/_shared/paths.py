"""Paths as the person reads and types them: a virtual path (/output/..., /workspace/...) shown as the file
on their disk, and a path they typed read from the folder they are in.

The model keeps working with virtual paths; what a command tells the person names files they can open.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.workspace.workspace import shown_path, typed_path
from orkeon_engine.ports.files import FilesError


def shown(deps: Deps, virtual: str) -> str:
    """The file behind a virtual path, relative to the person's folder where that is shorter; the virtual
    path itself when no host folder is behind it."""
    if deps.files is None or not virtual:
        return virtual
    try:
        host = deps.files.host_path(virtual)
    except FilesError:
        return virtual
    return shown_path(host, deps.workspace.here)


def on_disk(deps: Deps, typed: str) -> str:
    """The absolute path a person means by a path they typed: relative to their folder, `~` their home."""
    return typed_path(typed, deps.workspace.here, deps.env.get("HOME"))
