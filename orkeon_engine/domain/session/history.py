"""The conversation buffer as the assistant keeps it: the kinds of its entries, the live part and the
archive, the exchanges, and the snip.

The buffer keeps what was said (the person's requests, the final answers), the compaction's own entries
(a summary, a snip note, the files restored after it) and, under an `archived:` kind, the entries a
compaction took out of the live history: the prompt never shows them, /summary still reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.context.compaction_thresholds import estimate_tokens
from orkeon_engine.domain.session.session import BufferEntry

MESSAGE = "message"
SUMMARY = "summary"
SNIP_NOTE = "snip-note"
RESTORED_FILE = "restored-file"
ADVICE = "advice"
"""A second opinion /advisor gave on an answer: material to check, not the assistant's own words."""
COMMAND_OUTPUT = "command-output"
"""A command the person ran with /run and what it printed, offered to the next turn."""
ARCHIVED_PREFIX = "archived:"
COMPACTION_KINDS = (SUMMARY, SNIP_NOTE)
SNIP_KEEP_EXCHANGES = 4
"""The most recent exchanges a snip keeps at most (fewer when they do not fit its budget; never none)."""


def is_archived(entry: BufferEntry) -> bool:
    return entry.kind.startswith(ARCHIVED_PREFIX)


def archived(entry: BufferEntry) -> BufferEntry:
    """The entry as the archive keeps it (an entry already archived stays as it is)."""
    if is_archived(entry):
        return entry
    return BufferEntry(entry.role, entry.text, ARCHIVED_PREFIX + entry.kind)


def unarchived_kind(entry: BufferEntry) -> str:
    return entry.kind.removeprefix(ARCHIVED_PREFIX)


def live(entries: Sequence[BufferEntry]) -> list[BufferEntry]:
    """The entries the prompt's history shows, in order."""
    return [entry for entry in entries if not is_archived(entry)]


def live_tokens(entries: Sequence[BufferEntry]) -> int:
    """The estimated tokens of the live history."""
    return sum(estimate_tokens(entry.text) for entry in live(entries))


def is_request(entry: BufferEntry) -> bool:
    return entry.role == "user" and entry.kind == MESSAGE


@dataclass(frozen=True)
class Exchange:
    """A request and what followed it up to the next request, by position in the live list."""

    start: int
    end: int
    """One past the last entry."""


def exchanges(entries: Sequence[BufferEntry]) -> list[Exchange]:
    """The exchanges of a live list: each starts at a request and runs to the next one."""
    starts = [index for index, entry in enumerate(entries) if is_request(entry)]
    return [Exchange(start, starts[i + 1] if i + 1 < len(starts) else len(entries)) for i, start in enumerate(starts)]


@dataclass(frozen=True)
class Snip:
    """The buffer after a snip, and how many exchanges it left out (0: nothing could be cut)."""

    entries: list[BufferEntry]
    dropped: int


def snip(entries: Sequence[BufferEntry], budget: int, keep: int = SNIP_KEEP_EXCHANGES) -> Snip:
    """Keep the head (the compaction entries that open the history, then the first exchange) and the last
    exchanges that fit `budget` tokens (`keep` at most, always the last one); archive the rest in place.

    Restored files are archived too: the compaction restores them afresh. A note after the head says how
    many exchanges were left out."""
    positions = [index for index, entry in enumerate(entries) if not is_archived(entry)]
    current = [entries[index] for index in positions]
    parts = exchanges(current)
    if len(parts) <= 2:
        return Snip(list(entries), 0)
    kept: list[Exchange] = []
    spent = 0
    for part in reversed(parts[1:]):
        cost = sum(estimate_tokens(e.text) for e in current[part.start:part.end])
        if kept and (len(kept) >= keep or spent + cost > budget):
            break
        kept.insert(0, part)
        spent += cost
    dropped = len(parts) - 1 - len(kept)
    if dropped == 0:
        return Snip(list(entries), 0)
    head_end, tail_start = parts[0].end, kept[0].start
    archive_at = {positions[i] for i, entry in enumerate(current)
                  if head_end <= i < tail_start or entry.kind == RESTORED_FILE}
    note_after = positions[head_end - 1]
    result: list[BufferEntry] = []
    for index, entry in enumerate(entries):
        result.append(archived(entry) if index in archive_at else entry)
        if index == note_after:
            result.append(BufferEntry("system", snip_note_text(dropped), SNIP_NOTE))
    return Snip(result, dropped)


def snip_note_text(dropped: int) -> str:
    plural = "exchange" if dropped == 1 else "exchanges"
    return (f"{dropped} earlier {plural} of this conversation were left out here to free the context; "
            "the durable facts from them were kept in memory first.")


def last_answer(entries: Sequence[BufferEntry]) -> str | None:
    """The assistant's last answer in the buffer (archived or not; not a second opinion), or None."""
    for entry in reversed(entries):
        if entry.role == "assistant" and unarchived_kind(entry) == MESSAGE and entry.text.strip():
            return entry.text
    return None
