"""/clear: start afresh in a new session, which becomes the workspace's current one.

The new session has an empty conversation and an empty state bag, so the session's own settings (its mode,
the toggles, its permission rules), the compaction's breaker and the working files go back to their
defaults. The session left stays saved: `/resume <id>` goes back to it. A session that never held a turn
is emptied in place instead of leaving an empty one behind. Typed memory and the settings files are
untouched.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView

ARGS = ArgSpec()
KEPT = "memory and the settings files are kept"


async def run_clear(args: ParsedArgs, deps: Deps) -> CommandView:
    left = deps.session.info
    entries = len(await deps.session.entries())
    keys = sorted(await deps.session.read_state())
    info = await deps.session.start_new()
    lines = (f"the session's state held: {', '.join(keys)} (back to the defaults now)",) if keys else ()
    if info.id == left.id:
        return CommandView(lines=lines, message=f"session {info.id} held no turn yet: emptied its state; {KEPT}")
    count = f"{entries} entr{'y' if entries == 1 else 'ies'}"
    return CommandView(
        lines=lines,
        message=f"started session {info.id}; session {left.id} ({count}) stays saved: /resume {left.id} goes back "
                f"to it; {KEPT}",
        data={"session": info.id, "previous": left.id},
    )
