"""The declared hooks, read from the `hooks` setting for /hooks and for the assistant's prompt (which
says what is declared and that nothing runs it yet)."""

from __future__ import annotations

from dataclasses import dataclass

from orkeon_engine.domain.errors import ConfigFileError
from orkeon_engine.domain.hooks import HookBook, parse_hooks
from orkeon_engine.services.config_store import ConfigStore

HOOKS_KEY = "hooks"


@dataclass(frozen=True)
class DeclaredHooks:
    """The hooks and where the setting came from (user, project, session, or default when unset)."""

    book: HookBook
    source: str


async def read_hooks(config: ConfigStore) -> DeclaredHooks:
    """The declared hooks; a settings file that cannot be read becomes a problem, never an exception."""
    try:
        found = await config.read_value("hooks")
    except ConfigFileError as error:
        return DeclaredHooks(HookBook(problems=(str(error),)), "unreadable")
    return DeclaredHooks(parse_hooks(found.value), found.source)
