"""Reads written mid-reply again that already ran: a reply that, after the nothing-ran note, writes mid-text
reads which all ran this turn with the same arguments is told once that their results are above, instead of
running them again: the same read with the same arguments returns what the conversation already holds
(domain/model_replies/text_tool_calls.py, rule 9)."""

from __future__ import annotations

import json

from orkeon_engine.domain.model_replies.reply_checks.check import ReplyView
from orkeon_engine.domain.model_replies.text_tool_calls import TextToolCall, UnrunCalls


def repeated_note(calls: UnrunCalls) -> str:
    """What the model is told about the reads it wrote again."""
    return (f"That {', '.join(calls.names)} call already ran in this turn: its result is in the conversation above, "
            "and anything written after the call in your reply is not it. Read that result and give your final "
            "answer to the request in your own words, with no call in it.")


class RepeatedReadsCheck:
    """Reads written mid-reply that all ran already this turn: told once a turn that their results are above.
    It comes after `UnrunCallsCheck` in the list, so it answers once that note is spent."""

    name = "repeated_reads"
    limit = 1

    def note(self, reply: ReplyView) -> str | None:
        unrun = reply.unrun
        if unrun is None or not unrun.calls or not all(_ran(call, reply) for call in unrun.calls):
            return None
        return repeated_note(unrun)


def _ran(call: TextToolCall, reply: ReplyView) -> bool:
    """Whether a read of this name and these arguments already ran this turn (so its result is known)."""
    if not reply.is_read(call.name):
        return False
    try:
        arguments = json.loads(call.arguments)
    except ValueError:
        return False
    return any(record.name == call.name and record.arguments == arguments and record.verdict is not None
               and record.verdict.allowed for record in reply.records)
