"""CommandEntry: one line of the catalogue, a command's name, group, description and arguments bound to
its use case."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.view import CommandView

UseCase = Callable[[ParsedArgs, Deps], Awaitable[CommandView]]

GROUPS: tuple[str, ...] = ("session", "settings", "status", "project", "git", "dev", "memory", "speech")


@dataclass(frozen=True)
class CommandEntry:
    """A command: kebab-case name, group, one-line description, its arguments, and its use case."""

    name: str
    group: str
    description: str
    args: ArgSpec
    run: UseCase
    launches_crew: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def hint(self) -> str:
        """The argument hint shown beside the name."""
        return self.args.hint()

    @property
    def usage(self) -> str:
        return self.args.usage(self.name)


def find_entry(catalogue: Sequence[CommandEntry], name: str) -> CommandEntry | None:
    """The entry with that name or alias (a leading slash is ignored), or None."""
    wanted = name.lstrip("/")
    for entry in catalogue:
        if entry.name == wanted or wanted in entry.aliases:
            return entry
    return None
