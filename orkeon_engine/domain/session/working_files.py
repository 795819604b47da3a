"""The files the conversation was working on, and their restore into the history after a compaction.

The turns note which files their tool calls read or wrote (the state bag's WORKING_FILES_KEY, the most
recent last). After a compaction each is read again, the most recent first, and restored whole while the
restore budget lasts; a file too large for it is named with a note to read it again, never cut.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from orkeon_engine.domain.context.compaction_thresholds import estimate_tokens
from orkeon_engine.domain.session.history import RESTORED_FILE
from orkeon_engine.domain.session.session import BufferEntry

WORKING_FILES_KEY = "assistant.workingFiles"
MAX_WORKING_FILES = 8
FILE_TOOLS: frozenset[str] = frozenset({"file_read", "file_edit", "file_write", "node_outline", "node_read",
                                       "node_replace", "definition_rewrite"})


def touched_paths(calls: Iterable[tuple[str, Mapping[str, Any]]]) -> list[str]:
    """The `path` arguments of the file tools' calls (name, arguments), in call order."""
    paths = []
    for name, arguments in calls:
        path = arguments.get("path")
        if name in FILE_TOOLS and isinstance(path, str) and path.strip():
            paths.append(path.strip())
    return paths


def note_working_files(previous: object, touched: Sequence[str]) -> list[str]:
    """The working files after a turn: the previous list (the state bag's value), then the touched ones,
    each once, the most recent last, MAX_WORKING_FILES at most."""
    files = [p for p in previous if isinstance(p, str)] if isinstance(previous, list) else []
    for path in touched:
        if path in files:
            files.remove(path)
        files.append(path)
    return files[-MAX_WORKING_FILES:]


@dataclass(frozen=True)
class RestorePlan:
    """The history entries to append, the files restored whole, and the files only named."""

    entries: tuple[BufferEntry, ...]
    restored: tuple[str, ...]
    named: tuple[str, ...]


def plan_restore(files: Sequence[tuple[str, str | None]], budget: int, file_limit: int) -> RestorePlan:
    """Restore `files` (path, text now, or None when it cannot be read), given the most recent last.

    A file fits when its tokens are within `file_limit` and what is left of `budget`; it is restored whole.
    Any other file is named with a note. The entries come back in the files' own order."""
    chosen: dict[str, BufferEntry] = {}
    restored: list[str] = []
    named: list[str] = []
    left = budget
    for path, text in reversed(files):
        if text is None:
            chosen[path] = _entry(f"{path} was being worked on but cannot be read any more (moved or deleted?).")
            named.append(path)
            continue
        cost = estimate_tokens(text)
        if cost <= file_limit and cost <= left:
            chosen[path] = _entry(f"{path}, as it is now:\n\n```\n{text}\n```")
            restored.append(path)
            left -= cost
        else:
            chosen[path] = _entry(f"{path} was being worked on but is too large to restore here; read it again "
                                  "with file_read before you edit it or quote it.")
            named.append(path)
    order = [path for path, _ in files]
    return RestorePlan(tuple(chosen[p] for p in order if p in chosen),
                       tuple(p for p in order if p in restored), tuple(p for p in order if p in named))


def _entry(text: str) -> BufferEntry:
    return BufferEntry("system", text, RESTORED_FILE)
