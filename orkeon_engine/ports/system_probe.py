"""SystemProbe: what /doctor asks of the machine: the Python running the engine, git, the tree-sitter grammars,
and where a program is on the PATH."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.ui.doctor import GrammarStatus


class SystemProbe(Protocol):
    """Failure contract: never raises; an answer that cannot be had is said in the answer (None for git,
    `loaded=False` with the reason for a grammar). Loading the grammars imports tree-sitter, so it runs
    only when asked, off the event loop."""

    def python(self) -> tuple[tuple[int, int, int], str]:
        """The running Python's version and its executable."""
        ...

    async def git_version(self) -> str | None:
        """`git version 2.43.0`, or None when git cannot be run."""
        ...

    async def grammars(self) -> list[GrammarStatus]:
        """Every grammar the code index parses with, loaded now."""
        ...

    def find_program(self, name: str) -> str | None:
        """Where the program `name` is on the PATH the shell tools run with, or None when it is not there."""
        ...
