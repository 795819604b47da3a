"""A reply with no words and no call (domain/model_replies/empty_reply.py says what counts as none): the model
is asked once a turn to do what the request asks or to answer in words, while the budget leaves it a turn
for that; the last turn's empty reply ends the loop as it is."""

from __future__ import annotations

from orkeon_engine.domain.model_replies.empty_reply import says_nothing
from orkeon_engine.domain.model_replies.reply_checks.check import ReplyView

EMPTY_NOTE = (
    "Your reply had no words in it and called no tool. Do what the request asks with the tools offered, or "
    "answer it in words."
)


class EmptyReplyCheck:
    """A reply that says nothing and calls nothing: asked once a turn for an answer, while a turn is left."""

    name = "empty_reply"
    limit = 1

    def note(self, reply: ReplyView) -> str | None:
        if reply.message.tool_calls or not reply.turn_left or not says_nothing(reply.message.text):
            return None
        return EMPTY_NOTE
