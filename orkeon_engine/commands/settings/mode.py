"""/mode: the assistant's permission mode for this session, and where it comes from.

Bare (or `/mode show`), it only shows the mode; `/mode next` moves the session to the next mode of the
cycle (default, acceptEdits, plan); `/mode <name>` sets the session's default. The view says where the
mode came from (the session, the `permissions.fallback` setting, or the fallback) and what it offers.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.permissions.modes import (
    MODE_CYCLE,
    PERMISSION_MODES,
    SESSION_MODE_KEY,
    next_in_cycle,
    parse_mode,
)
from orkeon_engine.domain.permissions.policy import policy_for
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.services.permission_mode import ModeChoice, resolve_mode

SHOW = "show"
NEXT = "next"
ARGS = ArgSpec(positionals=(
    Positional("mode", f"bare or {SHOW}: the mode; {NEXT}: the next of {' → '.join(MODE_CYCLE)}; or one of "
                       f"{', '.join(PERMISSION_MODES)}", choices=(SHOW, NEXT, *PERMISSION_MODES)),
))


async def run_mode(args: ParsedArgs, deps: Deps) -> CommandView:
    word = args.word(0)
    current = await resolve_mode(deps.session, deps.config)
    if word is None or word == SHOW:
        return _view(current)
    if word == NEXT:
        chosen = next_in_cycle(current.mode)
        await deps.session.set_state(SESSION_MODE_KEY, chosen)
        return _view(ModeChoice(chosen, "session"), was=current)
    mode = parse_mode(word)
    if mode is None:
        raise CommandFailedError(f"unknown mode {word!r}; modes: {', '.join(PERMISSION_MODES)} (or {NEXT}, "
                                 f"the next of the cycle)")
    await deps.session.set_state(SESSION_MODE_KEY, mode)
    return _view(ModeChoice(mode, "session"))


def _view(choice: ModeChoice, was: ModeChoice | None = None) -> CommandView:
    mode = choice.known
    if mode is None:
        problem = choice.problem or f"{choice.mode!r} is no mode"
        return CommandView(
            lines=(f"{problem}: the permission gate refuses every call.",
                   f"Set one with /mode <name> ({', '.join(PERMISSION_MODES)})."),
            message=f"mode: {choice.describe()}",
        )
    policy = policy_for(mode)
    lines = [f"read-only: {'yes' if policy.read_only else 'no'}; tools: {policy.classes_text()}"]
    if was is not None:
        lines.append(f"was {was.describe()}")
    return CommandView(lines=tuple(lines), message=f"mode: {choice.describe()}")
