"""FakeScratchCopies: the ScratchCopies port over a FakeFiles workspace (`source`). Each copy it opens has a new
FakeFiles holding what the source's /workspace holds at that moment (texts, folders, links) and a FakeShell
whose every run is decided by `check(command, copy_files)` when set (so "the check passes when cart.py holds
`round(`" is one line of a test), else answers exit code 0. `copies` lists the copies opened, in order, with
their files and shells to read; `closed` counts the copies closed (a second close of one counts once); set
`error` to make `open` raise it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from orkeon_engine.ports.files import Mount
from orkeon_engine.ports.scratch_copies import ScratchCopy, ScratchError
from orkeon_engine.ports.shell import ShellResult
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_shell import FakeShell

WORKSPACE = "/workspace"

Check = Callable[[str, FakeFiles], ShellResult]
"""(the command line, the copy's files) → how the command ends in that copy."""


@dataclass
class FakeCopy:
    """One copy the fake opened: its folder, files and shell, and whether it was closed."""

    root: str
    files: FakeFiles
    shell: FakeShell
    closed: bool = False


@dataclass
class FakeScratchCopies:
    source: FakeFiles = field(default_factory=FakeFiles)
    check: Check | None = None
    error: ScratchError | None = None
    copies: list[FakeCopy] = field(default_factory=list)

    @property
    def opened(self) -> int:
        return len(self.copies)

    @property
    def closed(self) -> int:
        return sum(1 for copy in self.copies if copy.closed)

    async def open(self) -> ScratchCopy:
        if self.error is not None:
            raise self.error
        root = f"/scratch/copy-{len(self.copies) + 1}"
        files = FakeFiles(mounts=(Mount(WORKSPACE, root, True, "a scratch copy of the project"),
                                  Mount("/tmp", f"{root}-tmp", True, "a private scratch folder")))
        files.texts = {path: text for path, text in self.source.texts.items() if _in_workspace(path)}
        files.folders = {path for path in self.source.folders if _in_workspace(path)}
        files.links = {path: target for path, target in self.source.links.items() if _in_workspace(path)}
        shell = FakeShell()
        check = self.check
        if check is not None:
            shell.answer = lambda command: check(command, files)
        copy = FakeCopy(root, files, shell)
        self.copies.append(copy)

        def close() -> None:
            copy.closed = True

        return ScratchCopy(root, files, shell, close)


def _in_workspace(path: str) -> bool:
    return path == WORKSPACE or path.startswith(WORKSPACE + "/")
