"""Checkpoints: what an assistant turn changed in the workspace's files, and how to take it back safely.

A checkpoint is one turn of a session: its number, its request, where the conversation stood before it (the
number of buffer entries), and for every file the turn wrote the text before the turn's first write (None: the
turn created the file) and after its last (None: the turn removed it). Taking turns back (/undo, /rewind N
--files) is planned here, purely: the net change of each file over the turns taken back, refused (naming the
file) when the file no longer holds what the assistant left, or when the person changed it between two of
those turns, so nothing of the person's is lost. A checkpoint row is data that could be tampered with: a path
that is not a plain file under /workspace is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from orkeon_engine.domain.session.history import is_archived, is_request
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.domain.workspace.virtual_paths import WORKSPACE, VirtualPathError, printable, resolve_virtual

MISSING = None
"""The text of a file that does not exist (before a turn created it, after a turn removed it)."""


class CheckpointRefusedError(ValueError):
    """The turns cannot be taken back; the message names the file and why, and nothing was changed."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{printable(path)}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class FileChange:
    """One file a turn changed: its /workspace path, its text before the turn and after it (None: absent)."""

    path: str
    before: str | None
    after: str | None


@dataclass(frozen=True)
class Checkpoint:
    """One turn of a session, with the files it changed (none for a turn that only talked)."""

    turn: int
    request: str
    files: tuple[FileChange, ...] = ()
    files_undone: bool = False
    history_at: int = 0
    """How many entries the conversation buffer held before the turn's request was added."""

    @property
    def undoable(self) -> bool:
        """Whether /undo or /rewind still has edits of this turn to take back."""
        return bool(self.files) and not self.files_undone


@dataclass(frozen=True)
class Restore:
    """What taking the turns back writes: each file's text to restore (None: remove it), checked against
    `expected`, the text it must hold now."""

    path: str
    expected: str | None
    restored: str | None


def checked_workspace_path(path: str) -> str:
    """The path, normalised, when it names a file under /workspace; CheckpointRefusedError otherwise (a
    crafted row: `..` out of the mount, a host path, another mount, a NUL or line break, the mount itself)."""
    try:
        where = resolve_virtual(path, [WORKSPACE])
    except VirtualPathError as error:
        raise CheckpointRefusedError(path, f"not a file of the workspace ({error.reason}); nothing was restored") \
            from None
    if not path.startswith(WORKSPACE + "/") or not where.parts or where.text != path:
        raise CheckpointRefusedError(path, "not a file of the workspace as a checkpoint records it "
                                           "(/workspace/<path>); nothing was restored")
    return where.text


def plan_take_back(checkpoints: Sequence[Checkpoint]) -> list[Restore]:
    """The net change of every file over `checkpoints` (oldest first): restore the oldest turn's `before`,
    expecting the newest turn's `after`. Refused, naming the file, when a path is not a workspace file or
    when the file changed between two of these turns (the person's change would be lost)."""
    first: dict[str, FileChange] = {}
    last: dict[str, tuple[int, FileChange]] = {}
    for checkpoint in sorted(checkpoints, key=lambda c: c.turn):
        for change in checkpoint.files:
            path = checked_workspace_path(change.path)
            previous = last.get(path)
            if previous is not None and previous[1].after != change.before:
                raise CheckpointRefusedError(path, f"changed by someone else between turn {previous[0]} and turn "
                                                   f"{checkpoint.turn}; nothing was restored")
            first.setdefault(path, change)
            last[path] = (checkpoint.turn, change)
    return [Restore(path, last[path][1].after, first[path].before) for path in first
            if last[path][1].after != first[path].before]


def refuse_changed_since(plan: Sequence[Restore], current: Mapping[str, str | None]) -> None:
    """CheckpointRefusedError naming every file whose current text (None: absent) is not what the assistant
    left, so that its restore would overwrite the person's work."""
    changed = [restore.path for restore in plan if current.get(restore.path) != restore.expected]
    if changed:
        names = ", ".join(printable(path) for path in changed)
        raise CheckpointRefusedError(changed[0], f"changed since the assistant's edit ({names} no longer "
                                                 "holds what the turn left); nothing was restored")



class NothingToTakeBackError(ValueError):
    """No turn matches: the message says what the session holds and what would be accepted."""


def last_undoable(checkpoints: Sequence[Checkpoint]) -> Checkpoint:
    """The latest turn whose edits are not taken back yet (/undo); NothingToTakeBackError when none is left."""
    for checkpoint in sorted(checkpoints, key=lambda c: c.turn, reverse=True):
        if checkpoint.undoable:
            return checkpoint
    raise NothingToTakeBackError("nothing to undo: no turn of this session changed files that are not taken "
                                 "back already (/rewind lists the turns)")


def turns_from(checkpoints: Sequence[Checkpoint], number: int) -> tuple[Checkpoint, list[Checkpoint]]:
    """/rewind N: turn N, and the turns from N on whose edits are still to take back (oldest first);
    NothingToTakeBackError when the session has no turn N."""
    target = next((c for c in checkpoints if c.turn == number), None)
    if target is None:
        known = f"turns 1-{max(c.turn for c in checkpoints)}" if checkpoints else "no turn yet"
        raise NothingToTakeBackError(f"turn {number} is not a turn of this session ({known}; /rewind lists them)")
    return target, sorted((c for c in checkpoints if c.turn >= number and c.undoable), key=lambda c: c.turn)


def conversation_before(entries: Sequence[BufferEntry], checkpoint: Checkpoint) -> list[BufferEntry]:
    """The conversation as it was before the turn's request: the buffer cut at that request. Found where the
    turn left it (`history_at`), else as the last live request with the turn's text (a compaction moved
    entries); NothingToTakeBackError when it is gone (compacted into a summary, or the buffer cleared)."""
    at = checkpoint.history_at
    if at < len(entries) and is_request(entries[at]) and entries[at].text == checkpoint.request:
        return list(entries[:at])
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if is_request(entry) and not is_archived(entry) and entry.text == checkpoint.request:
            return list(entries[:index])
    raise NothingToTakeBackError(f"the conversation of turn {checkpoint.turn} is no longer in the session's "
                                 "history (compacted into a summary, or rewound already); rewind the files alone "
                                 f"with /rewind {checkpoint.turn} --files")


REQUEST_SHOWN = 60
"""How much of a turn's request /rewind's list shows."""


def request_start(request: str) -> str:
    """The first line of the request, cut to REQUEST_SHOWN characters."""
    first = request.strip().splitlines()[0] if request.strip() else "(empty)"
    return first if len(first) <= REQUEST_SHOWN else first[:REQUEST_SHOWN - 1] + "…"


def short_path(path: str) -> str:
    return printable(path.removeprefix(WORKSPACE + "/"))


def change_word(change: FileChange) -> str:
    """The file as the list names it: `new.py (created)`, `old.py (removed)`, `cart.py`."""
    if change.before is None:
        return f"{short_path(change.path)} (created)"
    if change.after is None:
        return f"{short_path(change.path)} (removed)"
    return short_path(change.path)


def turn_line(checkpoint: Checkpoint) -> str:
    """One turn as /rewind lists it: its number, the start of its request, its files (and whether they were
    taken back)."""
    files = ", ".join(change_word(change) for change in checkpoint.files) or "no files changed"
    undone = " [edits taken back]" if checkpoint.files and checkpoint.files_undone else ""
    return f"{checkpoint.turn}. {request_start(checkpoint.request)} | {files}{undone}"


def restore_line(restore: Restore) -> str:
    """What taking a turn back did to one file: restored, removed (the turn created it) or brought back."""
    if restore.restored is None:
        return f"removed {short_path(restore.path)} (the assistant created it)"
    if restore.expected is None:
        return f"brought back {short_path(restore.path)} (the assistant removed it)"
    return f"restored {short_path(restore.path)}"


def taken_back_note(command: str, turns: Sequence[int], restores: Sequence[Restore]) -> str:
    """The note the conversation keeps after files were taken back, so the next turn knows its edits are gone."""
    numbers = ", ".join(str(turn) for turn in turns)
    done = "; ".join(restore_line(restore) for restore in restores) or "no file needed restoring"
    return (f"The person ran {command}: the file edits of turn{'s' if len(turns) != 1 else ''} {numbers} were taken "
            f"back ({done}). Read a file again before you edit it.")


def kept_files_note(number: int, files: Sequence[str]) -> str:
    """The note after the conversation alone was rewound: the files the forgotten turns changed keep their edits."""
    names = ", ".join(short_path(path) for path in files) or "none"
    return (f"The person rewound the conversation to before turn {number}; the files those turns changed keep "
            f"their edits ({names}). Read a file again before you edit it.")
