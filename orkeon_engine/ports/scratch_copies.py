"""ScratchCopies: throwaway copies of the workspace, where a candidate change is applied and the project's check
run before anything of it reaches the real workspace (the search for a change that passes).

A copy holds the workspace as it is on disk when it is opened, uncommitted changes included; its Files port
mounts /workspace on the copy (nothing of the real workspace is reachable through it) and its Shell runs
there. What a copy leaves out or shares with the workspace (the repository's own folder, caches, the heavy
environment folders a check needs) is the adapter's to say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from orkeon_engine.ports.files import Files
from orkeon_engine.ports.shell import Shell


@dataclass(frozen=True)
class ScratchCopy:
    """One copy of the workspace: its folder, its ports, and `close`, which removes the folder and closes the
    ports (safe to call twice)."""

    root: str
    """The copy's folder, a host path."""
    files: Files
    """The Files port whose /workspace is the copy."""
    shell: Shell
    """A Shell whose working folder is the copy, with the workspace shell's environment handling."""
    close: Callable[[], None]


class ScratchError(Exception):
    """The copy could not be made; the message says why (too large, the workspace unreadable...)."""


class ScratchCopies(Protocol):
    """Opens copies of one workspace.

    Failure contract: `open` raises ScratchError when no whole copy can be made (a limit passed, a file that
    cannot be read), and then nothing of the copy is left on disk."""

    async def open(self) -> ScratchCopy:
        """A fresh copy of the workspace as it is on disk now (uncommitted changes included)."""
        ...
