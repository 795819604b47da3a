"""A reply that writes a tool's result back instead of answering (domain/model_replies/echoed_results.py says
when one does): right after the result, or after a call the loop refused (nothing but its refusal, while a
turn is left), or one that opens with a result's markup after a tool ran (another note may stand between,
so a result imitated in answer to a note counts too). Such a reply is the harness's text, never an answer,
whatever model wrote it. The model is told once a turn; its next reply is taken as it comes."""

from __future__ import annotations

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.model_replies.echoed_results import echoes_error, echoes_result, opens_as_result
from orkeon_engine.domain.model_replies.reply_checks.check import ReplyView

ECHO_NOTE = ("Your reply repeated a tool's result instead of answering; the result is already in the conversation. "
             "Now call the next tool you need, or give the final answer to the request in your own words: what "
             "you found or changed.")


class EchoedResultCheck:
    """A reply without calls that repeats the tool result before it, or imitates one: told once a turn."""

    name = "echoed_result"
    limit = 1

    def note(self, reply: ReplyView) -> str | None:
        if reply.message.tool_calls:
            return None
        text, conversation, records = reply.message.text, reply.conversation, reply.records
        after_result = bool(conversation) and conversation[-1].role == "tool"
        failed = bool(records) and _refused(records[-1]) and reply.turn_left
        repeated = after_result and (echoes_result(text, conversation[-1].text)
                                     or failed and echoes_error(text, conversation[-1].text))
        imitated = bool(records) and opens_as_result(text)  # a result imitated, a note between
        return ECHO_NOTE if repeated or imitated else None


def _refused(record: ToolCallRecord) -> bool:
    """Whether a call failed before running (unknown tool, arguments that do not fit, the gate's refusal):
    the loop's own words, which are never an answer, unlike a tool's error output (a failing test run)."""
    return record.result.is_error and (record.verdict is None or not record.verdict.allowed)
