"""A reply check: what the tool loop asks of a model's reply before taking it, as one protocol.

A check looks at one reply through a `ReplyView` (the reply, the conversation before it, the notes the loop
sent this turn, the calls made so far) and returns the note to send the model instead of taking the reply,
or None. `ReplyChecks` runs a list of them in order over each reply: the first note returned is sent, and a
check whose note was sent `limit` times this turn is not asked again, so the next one in the list answers
(or none does, and the reply is taken as it stands). The checks themselves are the modules beside this one,
listed in `catalogue.py`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.domain.model_replies.text_tool_calls import UnrunCalls


@dataclass(frozen=True)
class ReplyView:
    """One model reply as a check sees it, read-only."""

    message: ChatMessage
    """The reply as the loop takes it when no note is sent: its calls (native, or written as text) and the
    note before them, or its text; a reply that wrote calls mid-text after the notes is read as insisted
    (domain/model_replies/text_tool_calls.py, rule 9)."""
    unrun: UnrunCalls | None
    """The calls of offered tools the reply wrote in blocks it went on after, which did not run (rule 8), or
    None."""
    conversation: Sequence[ChatMessage]
    """The conversation before the reply: the system message, the prompt, and the turn so far."""
    notes: Sequence[str]
    """The notes the loop sent the model this turn, in order."""
    records: Sequence[ToolCallRecord]
    """Every call of this turn so far, in order (run, refused, or failing its checks)."""
    turn_left: bool
    """Whether the budget leaves the model a turn to answer a note."""
    is_read: Callable[[str], bool]
    """Whether the offered tool of that name is a read."""


class ReplyCheck(Protocol):
    """One check of a model's reply: its `name` (unique in a list), the `limit` of notes it sends a turn, and
    `note`, the note a reply gets instead of being taken, or None when the reply passes."""

    @property
    def name(self) -> str: ...

    @property
    def limit(self) -> int: ...

    def note(self, reply: ReplyView) -> str | None: ...


class ReplyChecks:
    """The checks of one turn, run in order over each reply, with a count of the notes each one sent."""

    def __init__(self, checks: Sequence[ReplyCheck]) -> None:
        names = [check.name for check in checks]
        if len(set(names)) != len(names):
            raise ValueError(f"reply checks need names of their own: {', '.join(names)}")
        self._checks = tuple(checks)
        self._sent: Counter[str] = Counter()

    def note_for(self, reply: ReplyView) -> str | None:
        """The note of the first check, in order, that still has a note left this turn and finds one for
        `reply`; None when none does (the reply stands)."""
        for check in self._checks:
            if self._sent[check.name] >= check.limit:
                continue
            note = check.note(reply)
            if note is not None:
                self._sent[check.name] += 1
                return note
        return None


def prompt_texts(conversation: Sequence[ChatMessage]) -> list[str]:
    """The texts the harness and the person sent: the system and user messages."""
    return [message.text for message in conversation if message.role in ("system", "user")]
