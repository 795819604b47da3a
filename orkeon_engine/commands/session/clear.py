"""/clear: empty the session's conversation buffer and its state bag, for a fresh start in the same session.

The state bag holds the session's own settings (its mode, the toggles, its permission rules), the
compaction's breaker and the working files, so all of those go back to their defaults too. Typed memory
and the settings files are untouched.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.view import CommandView

ARGS = ArgSpec()


async def run_clear(args: ParsedArgs, deps: Deps) -> CommandView:
    entries = len(await deps.session.entries())
    keys = sorted(await deps.session.read_state())
    await deps.session.clear()
    what = f"{entries} entr{'y' if entries == 1 else 'ies'} of the conversation"
    state = f"{len(keys)} value{'' if len(keys) == 1 else 's'} of the session's state"
    lines = (f"the session's state held: {', '.join(keys)}",) if keys else ()
    return CommandView(lines=lines, message=f"cleared {what} and {state}; memory and the settings files are kept")
