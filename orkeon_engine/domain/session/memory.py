"""Typed memory: durable notes kept across sessions, each in one of four categories.

`user` notes follow the person from project to project (kept under their config folder); `project`,
`feedback` and `reference` notes belong to the workspace (kept in state.db). Each category is defined
together with what does not belong in it, for the person (/memory) and for the model (memory extraction).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, get_args

from orkeon_engine.domain.errors import CommandFailedError

MemoryCategory = Literal["user", "project", "feedback", "reference"]
MEMORY_CATEGORIES: tuple[MemoryCategory, ...] = get_args(MemoryCategory)
MAX_NOTE_CHARS = 2_000


@dataclass(frozen=True)
class CategoryDefinition:
    """What a category holds and what stays out of it."""

    holds: str
    excludes: str


CATEGORY_DEFINITIONS: dict[MemoryCategory, CategoryDefinition] = {
    "user": CategoryDefinition(
        holds="who the person is and how they like to work, whatever the project: their role, the languages "
              "they read, the tools they favour, how they want answers",
        excludes="anything true of this project only",
    ),
    "project": CategoryDefinition(
        holds="facts about this project a newcomer would need and could not read off the files quickly: "
              "why a design is the way it is, where a hidden dependency lies, a convention the team keeps",
        excludes="what the repository already records (code, its comments, the instructions file, the git "
                 "history) and the state of the current task",
    ),
    "feedback": CategoryDefinition(
        holds="a correction or a confirmation the person gave about how the work is done, with the reason "
              "they gave for it",
        excludes="praise or blame without a lesson, and one-off choices for a single change",
    ),
    "reference": CategoryDefinition(
        holds="where outside information lives: a dashboard, a ticket tracker, a runbook, a document, and "
              "what it is for",
        excludes="the content of those places, and anything secret",
    ),
}


class MemoryNoteError(CommandFailedError):
    """A note or a category the memory does not accept; the message names what is accepted."""


@dataclass(frozen=True)
class MemoryNote:
    """One note: its id (unique across categories), category, text, the reason (feedback), when it was made."""

    id: str
    category: MemoryCategory
    text: str
    created: datetime
    reason: str = ""

    def line(self) -> str:
        """`[project] the build needs Docker (because ...)`: the note as one line."""
        reason = f" (because {self.reason})" if self.reason else ""
        return f"[{self.category}] {self.text}{reason}"


def parse_category(text: str) -> MemoryCategory:
    """The category with that name (case-insensitive), or MemoryNoteError listing the categories."""
    for category in MEMORY_CATEGORIES:
        if category == text.strip().lower():
            return category
    raise MemoryNoteError(f"unknown memory category {text!r}; categories: {', '.join(MEMORY_CATEGORIES)}")


def check_note_text(text: str) -> str:
    """The note's text on one line, stripped; MemoryNoteError when it is empty or too long."""
    flat = " ".join(text.split())
    if not flat:
        raise MemoryNoteError("a memory note needs some text")
    if len(flat) > MAX_NOTE_CHARS:
        raise MemoryNoteError(f"a memory note holds at most {MAX_NOTE_CHARS:,} characters ({len(flat):,} given)")
    return flat
