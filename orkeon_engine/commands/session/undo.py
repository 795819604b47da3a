"""/undo: take back the edits of the assistant's last turn that changed files (and is not taken back yet).

Every file the turn wrote goes back to its text before the turn, a file it created is removed, one it
removed comes back. Where the person changed a file since the turn, nothing is changed and the file is
named. It works on the files alone (no git): the conversation is kept as it is, with a note of what was
taken back for the next turn (/rewind N --conversation takes the conversation back). Run it again to take
back the turn before.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.session.checkpoints import (
    CheckpointRefusedError,
    NothingToTakeBackError,
    last_undoable,
    request_start,
    restore_line,
    taken_back_note,
)
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.services.checkpoints import take_back

ARGS = ArgSpec()


async def run_undo(args: ParsedArgs, deps: Deps) -> CommandView:
    if deps.checkpoints is None or deps.files is None:
        raise NotConfiguredError("this engine keeps no checkpoints of the assistant's turns")
    try:
        turn = last_undoable(await deps.checkpoints.turns(deps.session.id))
        done = await take_back(deps.files, deps.checkpoints, deps.session.id, [turn])
    except (CheckpointRefusedError, NothingToTakeBackError) as error:
        raise CommandFailedError(f"/undo: {error}") from None
    await deps.session.append(BufferEntry("system", taken_back_note("/undo", done.turns, done.restored)))
    lines = tuple(restore_line(restore) for restore in done.restored)
    return CommandView(
        lines=lines,
        message=f"took back the edits of turn {turn.turn} ({request_start(turn.request)}): "
                + ("; ".join(lines) if lines else "the files already held their text from before it"),
        data={"turn": turn.turn, "files": [restore.path for restore in done.restored]},
    )
