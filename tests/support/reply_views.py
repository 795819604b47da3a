"""A ReplyView built for a reply check's tests: a reply and what the turn holds around it, each defaulting to
a fresh turn (no conversation, no notes, no calls, a turn left, no tool a read)."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.domain.model_replies.reply_checks.check import ReplyView
from orkeon_engine.domain.model_replies.text_tool_calls import UnrunCalls


def reply_view(message: ChatMessage | str, *, unrun: UnrunCalls | None = None,
               conversation: Sequence[ChatMessage] = (), notes: Sequence[str] = (),
               records: Sequence[ToolCallRecord] = (), turn_left: bool = True,
               reads: Sequence[str] = ()) -> ReplyView:
    """The view of `message` (a text is an assistant reply of that text); `reads` names the read tools."""
    reply = ChatMessage.assistant(message) if isinstance(message, str) else message
    return ReplyView(reply, unrun, tuple(conversation), tuple(notes), tuple(records), turn_left,
                     lambda name: name in reads)
