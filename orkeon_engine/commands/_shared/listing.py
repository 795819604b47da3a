"""ListedCommand: a line of the catalogue as a use case reads it from Deps (`/help`, `/release-notes`):
names, group, description and arguments, never the use case it runs.

It sits below both Deps, which carries the catalogue, and CommandEntry, whose use case takes a Deps, so
neither of those modules imports the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from orkeon_engine.domain.ui.args import ArgSpec


class ListedCommand(Protocol):
    """What a command's entry tells about it (commands/_shared/entry.py's CommandEntry is one)."""

    @property
    def name(self) -> str: ...

    @property
    def group(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...

    @property
    def args(self) -> ArgSpec: ...

    @property
    def hint(self) -> str: ...

    @property
    def usage(self) -> str: ...
