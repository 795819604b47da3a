"""Calls written mid-reply: a reply that wrote a call of an offered tool and went on after it ran nothing
(domain/model_replies/text_tool_calls.py, rule 8), and what follows the call is imagined. The first time a turn,
the model is told so and asked again; the person sees that reply only up to the call. After that the reply
is taken as insisted (rule 9), unless `repeated_reads` has a note for it."""

from __future__ import annotations

from orkeon_engine.domain.model_replies.reply_checks.check import ReplyView
from orkeon_engine.domain.model_replies.text_tool_calls import UnrunCalls


def unrun_note(calls: UnrunCalls) -> str:
    """What the model is told about the calls it wrote and went on after."""
    named = ", ".join(calls.names)
    return (f"Nothing ran: your reply wrote a call of {named} with more text after it, and only a call that "
            "ends the reply runs. Anything the reply says after the call is not its result. To use a tool, end "
            "your reply with the call alone; its result comes back in the next message. If you need no tool, "
            "give your final answer with no call in it.")


class UnrunCallsCheck:
    """A reply that wrote calls mid-text: told once a turn that nothing ran."""

    name = "unrun_calls"
    limit = 1

    def note(self, reply: ReplyView) -> str | None:
        return None if reply.unrun is None else unrun_note(reply.unrun)
