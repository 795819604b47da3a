"""Waves: the batches of a plan run at once, each in a git worktree of its own (`/dev-batches <code>
--concurrency N`). What code decides here, without git: the `--concurrency` value, the next wave (the batches
whose dependencies closed, at most N, in the plan's order), where a batch's worktree and branch live, the order
VALID batches merge in, and the wave state file `waves-state.md` the driver writes before every step so a run
killed at any point is found and cleaned (or resumed) by the next one.

    # Waves of cart-save

    Branch: main

    - F1 · merged — 1a2b3c4
    - F2 · merging
    - F3 · gaps
    - F4 · stopped — conflict in shop/cart.py

A batch's state is one of WAVE_STATES; the text after ` — ` is a one-line note (the merged commit, why a batch
stopped).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from orkeon_engine.domain.dev.plan import Batch, batch_number, is_batch_id
from orkeon_engine.domain.dev.sections import DevFileError, one_line
from orkeon_engine.domain.dev.work_folder import WorkPlace

MIN_CONCURRENCY = 2
MAX_CONCURRENCY = 4
CONCURRENCY_FLAG = "--concurrency"
WAVES_STATE_FILE = "waves-state.md"
TREES_FOLDER = "trees"
BRANCH_PREFIX = "orkeon"
TREES_IGNORE = "*\n"
"""The `.gitignore` code writes in the trees folder: the worktrees never show as untracked files of the project."""

WaveState = Literal["seeding", "running", "valid", "gaps", "blocked", "merging", "merged", "stopped"]
WAVE_STATES: tuple[WaveState, ...] = ("seeding", "running", "valid", "gaps", "blocked", "merging", "merged",
                                      "stopped")
"""seeding: its worktree is being added; running: its batch agent works in its worktree; valid, gaps, blocked:
the batch agent's outcome; merging: its fast-forward (after a rebase and its tests when needed) is under way;
merged: its branch is in the current branch, its worktree removed; stopped: it could not merge (a conflict,
its tests failing after the rebase), its worktree kept for the person."""
BatchVerdict = Literal["VALID", "GAPS", "BLOCKED"]
VERDICT_STATES: dict[BatchVerdict, WaveState] = {"VALID": "valid", "GAPS": "gaps", "BLOCKED": "blocked"}

_TITLE = re.compile(r"^# Waves of ([A-Za-z0-9_-]+)$")
_BRANCH = re.compile(r"^Branch: (\S+)$")
_LINE = re.compile(r"^- (F[1-9]\d*) · (" + "|".join(WAVE_STATES) + r")(?: — (.+))?$")


class WaveError(ValueError):
    """A `--concurrency` value code cannot use; the message names the flag and what is accepted."""


def parse_concurrency(text: str) -> int:
    """The `--concurrency` value as a number of batches run at once; WaveError saying what is accepted."""
    given = text.strip()
    accepted = f"{CONCURRENCY_FLAG} takes a whole number from {MIN_CONCURRENCY} to {MAX_CONCURRENCY}"
    if not given.isascii() or not given.isdigit():
        shown = given if given else "nothing"
        raise WaveError(f"{CONCURRENCY_FLAG} {shown[:20]!r} is not a number; {accepted} (such as "
                        f"{CONCURRENCY_FLAG} 3)")
    value = int(given)
    if not MIN_CONCURRENCY <= value <= MAX_CONCURRENCY:
        raise WaveError(f"{CONCURRENCY_FLAG} {value} is out of range; {accepted} (without the flag, batches run "
                        f"one after another)")
    return value


def next_wave(batches: Sequence[Batch], closed: Iterable[str], size: int,
              skip: Iterable[str] = ()) -> tuple[Batch, ...]:
    """The next wave: at most `size` batches, in the plan's order, neither closed nor skipped, whose
    dependencies all closed (so no batch of a wave depends on another of the same wave)."""
    done, skipped = set(closed), set(skip)
    ready = (b for b in batches if b.id not in done and b.id not in skipped and all(a in done for a in b.after))
    return tuple(itertools.islice(ready, max(size, 0)))


def batch_verdict(status: str) -> BatchVerdict:
    """A batch run's status as its wave reads it: DONE (closed, committed on its branch) is VALID; WAITING
    (three audits in GAPS) is GAPS, its worktree kept; any other stop is BLOCKED, its worktree kept."""
    return "VALID" if status == "DONE" else "GAPS" if status == "WAITING" else "BLOCKED"


def merge_order(batch_ids: Iterable[str]) -> tuple[str, ...]:
    """The batches in id order (F2 before F10): the order VALID batches of a wave merge in."""
    return tuple(sorted(set(batch_ids), key=batch_number))


def paths_text(paths: Sequence[str], limit: int = 6) -> str:
    """A few paths for a message: `a.py, b.py and 3 more`."""
    shown = ", ".join(paths[:limit])
    return shown + (f" and {len(paths) - limit} more" if len(paths) > limit else "")


def trees_folder(place: WorkPlace) -> str:
    """The folder the wave's worktrees live in, workspace-relative (`.orkeon/work/<code>/trees`)."""
    return place.file(TREES_FOLDER)


def tree_path(place: WorkPlace, batch_id: str) -> str:
    """A batch's worktree, workspace-relative (`.orkeon/work/<code>/trees/F2`)."""
    return f"{trees_folder(place)}/{batch_id}"


def tree_batch(place: WorkPlace, relative: str) -> str | None:
    """The batch whose worktree `relative` is, or None when it is not one of this work's worktrees."""
    prefix = trees_folder(place) + "/"
    rest = relative.removeprefix(prefix) if relative.startswith(prefix) else ""
    return rest if is_batch_id(rest) else None


def branch_name(place: WorkPlace, batch_id: str) -> str:
    """A batch's branch (`orkeon/cart-save/F2`)."""
    return f"{BRANCH_PREFIX}/{place.code}/{batch_id}"


@dataclass(frozen=True)
class WaveEntry:
    """Where one batch of a wave stands."""

    batch: str
    state: WaveState
    note: str = ""


@dataclass(frozen=True)
class WavesRecord:
    """The wave state of one piece of work: the branch its batches merge into and each batch's entry."""

    code: str
    branch: str
    entries: tuple[WaveEntry, ...] = field(default=())

    def entry(self, batch_id: str) -> WaveEntry | None:
        return next((e for e in self.entries if e.batch == batch_id), None)

    def with_entry(self, batch_id: str, state: WaveState, note: str = "") -> WavesRecord:
        """The record with that batch's entry set (added in id order when new)."""
        fresh = WaveEntry(batch_id, state, one_line(note))
        kept = {e.batch: e for e in self.entries}
        kept[batch_id] = fresh
        return replace(self, entries=tuple(kept[b] for b in merge_order(kept)))


def render_waves(record: WavesRecord) -> str:
    lines = [f"# Waves of {record.code}", "", f"Branch: {record.branch}", ""]
    for entry in record.entries:
        note = one_line(entry.note)
        lines.append(f"- {entry.batch} · {entry.state}" + (f" — {note}" if note else ""))
    return "\n".join(lines) + "\n"


def parse_waves(text: str, file: str = WAVES_STATE_FILE) -> WavesRecord:
    """The wave state file read back; DevFileError naming the file and the line that does not read."""
    lines = [line for line in text.replace("\r\n", "\n").split("\n") if line.strip()]
    title = _TITLE.match(lines[0]) if lines else None
    if title is None:
        raise DevFileError(f"{file}: the first line must be `# Waves of <code>`")
    branch = _BRANCH.match(lines[1]) if len(lines) > 1 else None
    if branch is None:
        raise DevFileError(f"{file}: the second line must be `Branch: <the branch batches merge into>`")
    entries: dict[str, WaveEntry] = {}
    for line in lines[2:]:
        found = _LINE.match(line)
        if found is None:
            raise DevFileError(f"{file}: {line[:60]!r} is not a batch line (`- F1 · merged — <note>`, a state "
                               f"among {', '.join(WAVE_STATES)})")
        batch_id, state, note = found.group(1), found.group(2), found.group(3) or ""
        if batch_id in entries:
            raise DevFileError(f"{file}: {batch_id} appears twice")
        entries[batch_id] = WaveEntry(batch_id, _state(state), note.strip())
    return WavesRecord(title.group(1), branch.group(1), tuple(entries[b] for b in merge_order(entries)))


def _state(text: str) -> WaveState:
    return next(s for s in WAVE_STATES if s == text)
