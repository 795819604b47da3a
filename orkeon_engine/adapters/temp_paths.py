"""The temporary files and folders Orkeon makes in the system's temp folder (the VFS's private /tmp, an MCP
server's error log), removed when their owner is done with them or, failing that, when the process exits.

An owner that is never closed (a server stopped by a signal, a script that lets an engine go) would otherwise
leave them behind for good. Each path is recorded with the process that made it, so a forked child that exits
removes none of its parent's.
"""

from __future__ import annotations

import atexit
import os
import shutil
from pathlib import Path

_MADE: dict[Path, int] = {}


def made(path: str | Path) -> Path:
    """Record `path` (a file or a folder just made) as this process's, to go at exit at the latest."""
    recorded = Path(path)
    _MADE[recorded] = os.getpid()
    return recorded


def remove(path: str | Path) -> None:
    """Remove `path` (a folder with what it holds, or a file) and forget it; one already gone is passed over."""
    recorded = Path(path)
    _MADE.pop(recorded, None)
    if recorded.is_dir() and not recorded.is_symlink():
        shutil.rmtree(recorded, ignore_errors=True)
    else:
        recorded.unlink(missing_ok=True)


def left() -> frozenset[Path]:
    """The paths this process made and has not removed."""
    return frozenset(path for path, owner in _MADE.items() if owner == os.getpid())


@atexit.register
def remove_left() -> None:
    """Remove every path this process made and did not remove (at exit)."""
    for path in left():
        try:
            remove(path)
        except OSError:
            continue
