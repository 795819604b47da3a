"""/mode: show the session-default permission mode of the assistant and where it comes from."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.modes import (
    FALLBACK_MODE,
    PERMISSION_MODES,
    SESSION_MODE_KEY,
    parse_mode,
)
from orkeon_engine.domain.view import CommandView

ARGS = ArgSpec(positionals=(Positional("mode", "one of " + ", ".join(PERMISSION_MODES)),))


async def run_mode(args: ParsedArgs, deps: Deps) -> CommandView:
    name = args.word(0)
    if name is not None:
        mode = parse_mode(name)
        if mode is None:
            raise CommandFailedError(f"unknown mode {name!r}; modes: {', '.join(PERMISSION_MODES)}")
        await deps.session.set_state(SESSION_MODE_KEY, mode)
        return CommandView(message=f"mode: {mode} (session)")
    current = await deps.session.get_state(SESSION_MODE_KEY)
    if current:
        return CommandView(message=f"mode: {current} (session)")
    return CommandView(message=f"mode: {FALLBACK_MODE} (fallback)")
