"""ShellGrammar: a command line read as the shell that runs it (bash) reads it, for the rules to judge."""

from __future__ import annotations

from typing import Protocol

from orkeon_engine.domain.tools.shell_reading import ShellLine


class ShellGrammar(Protocol):
    """Reads command lines with a real grammar of bash, the shell every command runs under.

    Failure contract: `read` never raises. What it cannot parse makes the line `complete=False`; what it
    parses but cannot classify for sure (expansions, substitutions, control constructs, here-documents,
    background jobs, output to files) is a Doubt on the part. The same line always reads the same."""

    def read(self, line: str) -> ShellLine: ...
