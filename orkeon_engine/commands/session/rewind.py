"""/rewind: list the assistant's turns of this session, or go back to just before turn N.

`/rewind` lists each turn: its number, the start of its request, the files it changed. `/rewind N` takes
back the files of turn N and of every later turn (each file back to its text before turn N, created ones
removed, removed ones brought back) and the conversation (cut just before turn N's request). `--files` does
the files alone, `--conversation` the conversation alone; with neither, both. Every file is checked before
any is written: where the person changed one since, nothing changes (the conversation neither) and the file
is named. No git is needed. When only one of the two goes back, the conversation keeps a note of what did
(and of the files that keep their edits), so the next turn does not trust what it remembers.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.session.checkpoints import (
    Checkpoint,
    CheckpointRefusedError,
    NothingToTakeBackError,
    conversation_before,
    kept_files_note,
    request_start,
    restore_line,
    taken_back_note,
    turn_line,
    turns_from,
)
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.ports.checkpoint_store import CheckpointStore
from orkeon_engine.ports.files import Files
from orkeon_engine.services.checkpoints import take_back

ARGS = ArgSpec(
    positionals=(Positional("turn", "the turn to go back to (just before it); without it, list the turns"),),
    flags=(Flag("files", "restore the files alone (the conversation stays)"),
           Flag("conversation", "rewind the conversation alone (the files stay)")),
)


async def run_rewind(args: ParsedArgs, deps: Deps) -> CommandView:
    if deps.checkpoints is None or deps.files is None:
        raise NotConfiguredError("this engine keeps no checkpoints of the assistant's turns")
    turns = await deps.checkpoints.turns(deps.session.id)
    typed = args.word(0)
    if typed is None:
        if args.has("files") or args.has("conversation"):
            raise CommandFailedError("/rewind: --files and --conversation need the turn: /rewind N [--files | "
                                     "--conversation] (/rewind alone lists the turns)")
        return _listing(turns, deps.session.id)
    if not typed.isdigit() or int(typed) < 1:
        raise CommandFailedError(f"/rewind: {typed!r} is not a turn number; give one of the numbers /rewind "
                                 "lists, e.g. /rewind 2")
    both = not args.has("files") and not args.has("conversation")
    try:
        return await _rewind(deps, deps.checkpoints, deps.files, turns, int(typed), both or args.has("files"),
                             both or args.has("conversation"))
    except (CheckpointRefusedError, NothingToTakeBackError) as error:
        raise CommandFailedError(f"/rewind {typed}: {error}") from None


def _listing(turns: list[Checkpoint], session_id: str) -> CommandView:
    if not turns:
        return CommandView(message=f"no assistant turn in session {session_id} yet: nothing to rewind")
    return CommandView(
        lines=tuple(turn_line(turn) for turn in turns),
        message=f"{len(turns)} turn{'s' if len(turns) != 1 else ''} in session {session_id}: /rewind N goes back "
                "to just before turn N (--files or --conversation for one of them)",
        data={"turns": [{"turn": t.turn, "request": request_start(t.request), "files": [c.path for c in t.files],
                         "undone": t.files_undone} for t in turns]},
    )


async def _rewind(deps: Deps, store: CheckpointStore, vfs: Files, turns: list[Checkpoint], number: int,
                  files: bool, conversation: bool) -> CommandView:
    target, later = turns_from(turns, number)
    kept: list[BufferEntry] | None = None
    dropped = 0
    if conversation:  # planned before any file is written: a refusal here changes nothing either
        entries = await deps.session.entries()
        kept = conversation_before(entries, target)
        dropped = len(entries) - len(kept)
    lines: list[str] = []
    if files:
        done = await take_back(vfs, store, deps.session.id, later) if later else None
        lines += [restore_line(r) for r in done.restored] if done else []
        if not lines:
            lines.append(f"files: nothing to take back from turn {number} on")
        if kept is None and done is not None:
            await deps.session.append(BufferEntry("system", taken_back_note(f"/rewind {number} --files", done.turns,
                                                                            done.restored)))
    if kept is not None:
        if not files:
            changed = [c.path for t in later for c in t.files]
            kept.append(BufferEntry("system", kept_files_note(number, list(dict.fromkeys(changed)))))
        await deps.session.replace_entries(kept)
        lines.append(f"conversation: {dropped} entr{'y' if dropped == 1 else 'ies'} from turn {number} on "
                     "taken out")
    return CommandView(
        lines=tuple(lines),
        message=f"rewound to just before turn {number} ({request_start(target.request)}): " + "; ".join(lines),
        data={"turn": number, "files": files, "conversation": conversation},
    )
