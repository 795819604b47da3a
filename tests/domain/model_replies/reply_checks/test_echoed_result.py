"""A reply that writes a tool's result back, or a refusal of the loop's, or imitates a result, is told so."""

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.model.chat import ChatMessage, ToolCallRequest
from orkeon_engine.domain.model_replies.reply_checks.echoed_result import ECHO_NOTE, EchoedResultCheck
from orkeon_engine.domain.tool_call import ToolResult, Verdict
from tests.support.reply_views import reply_view

ALLOWED = Verdict.allow()
CALL = ToolCallRequest("c1", "file_read", '{"path": "notes.md"}')
REFUSAL = "unknown tool 'file_settings'; the tools offered are: file_read and file_write"


def _turn(result: str, verdict: Verdict | None = ALLOWED, is_error: bool = False):
    conversation = [ChatMessage.user("go"), ChatMessage.assistant("", (CALL,)), ChatMessage.tool(CALL, result)]
    return conversation, [ToolCallRecord("c1", "file_read", {}, verdict, ToolResult(result, is_error))]


def test_a_reply_writing_the_result_back_with_its_markup_is_told_so():
    conversation, records = _turn("ship on Friday")

    note = EchoedResultCheck().note(reply_view("ship on Friday\n</tool_response>", conversation=conversation,
                                               records=records))

    assert note == ECHO_NOTE


def test_a_reply_writing_back_the_loops_refusal_is_told_so_while_a_turn_is_left():
    conversation, records = _turn(REFUSAL, verdict=None, is_error=True)

    note = EchoedResultCheck().note(reply_view(f"```\n{REFUSAL}\n```", conversation=conversation, records=records))

    assert note == ECHO_NOTE


def test_a_refusal_written_back_on_the_last_turn_passes():
    conversation, records = _turn(REFUSAL, verdict=None, is_error=True)

    note = EchoedResultCheck().note(reply_view(REFUSAL, conversation=conversation, records=records, turn_left=False))

    assert note is None


def test_a_reply_opening_as_a_result_after_a_tool_ran_is_told_so_with_a_note_between():
    conversation, records = _turn("PORT = 8731")
    conversation.append(ChatMessage.user("Nothing ran: ..."))

    note = EchoedResultCheck().note(reply_view("<tool_response>\nPORT = 1234\n</tool_response>",
                                               conversation=conversation, records=records))

    assert note == ECHO_NOTE


def test_an_answer_after_the_result_passes():
    conversation, records = _turn("ship on Friday")

    assert EchoedResultCheck().note(reply_view("The notes say to ship on Friday.", conversation=conversation,
                                               records=records)) is None


def test_a_reply_with_calls_passes():
    conversation, records = _turn("ship on Friday")
    calling = ChatMessage.assistant("ship on Friday\n</tool_response>", (CALL,))

    assert EchoedResultCheck().note(reply_view(calling, conversation=conversation, records=records)) is None
