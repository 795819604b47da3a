"""CommandEntry: one line of the catalogue, a command's name, group, description and arguments bound to
its use case.

The catalogue names each command's module instead of importing it (`use`): a module is imported when its
command runs or its arguments are read, so `orkeon status` or the editor's `initialize` does not import
every command, crew and service of the engine."""

from __future__ import annotations

import importlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from orkeon_engine.commands._shared.listing import ListedCommand
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs

if TYPE_CHECKING:
    from orkeon_engine.commands._shared.deps import Deps
    from orkeon_engine.domain.ui.view import CommandView

UseCase = Callable[[ParsedArgs, "Deps"], Awaitable["CommandView"]]
COMMANDS_PACKAGE = "orkeon_engine.commands"

GROUPS: tuple[str, ...] = ("session", "settings", "status", "project", "git", "dev", "memory", "speech")


@dataclass(frozen=True)
class CommandEntry:
    """A command: kebab-case name, group, one-line description, its arguments, and its use case."""

    name: str
    group: str
    description: str
    spec: ArgSpec | Callable[[], ArgSpec]
    """The arguments, or what reads them from the command's module on first need (`use`)."""
    run: UseCase
    launches_crew: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def args(self) -> ArgSpec:
        return self.spec if isinstance(self.spec, ArgSpec) else self.spec()

    @property
    def hint(self) -> str:
        """The argument hint shown beside the name."""
        return self.args.hint()

    @property
    def usage(self) -> str:
        return self.args.usage(self.name)


Listed = TypeVar("Listed", bound=ListedCommand)


def find_entry(catalogue: Sequence[Listed], name: str) -> Listed | None:
    """The entry with that name or alias (a leading slash is ignored), or None."""
    wanted = name.lstrip("/")
    for entry in catalogue:
        if entry.name == wanted or wanted in entry.aliases:
            return entry
    return None


def use(module: str, args: str, run: str) -> tuple[Callable[[], ArgSpec], UseCase]:
    """The arguments and the use case named `args` and `run` in `orkeon_engine.commands.<module>`, each read
    from the module when first needed (the module docstring)."""
    path = f"{COMMANDS_PACKAGE}.{module}"

    def spec() -> ArgSpec:
        found: ArgSpec = getattr(importlib.import_module(path), args)
        return found

    async def use_case(parsed: ParsedArgs, deps: Deps) -> CommandView:
        function: Any = getattr(importlib.import_module(path), run)
        view: CommandView = await function(parsed, deps)
        return view

    use_case.__qualname__ = use_case.__name__ = run
    use_case.__module__ = path
    return spec, use_case
