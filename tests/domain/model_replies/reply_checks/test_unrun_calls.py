"""Calls written mid-reply: the model is told that nothing ran, naming the tools."""

from orkeon_engine.domain.model_replies.reply_checks.unrun_calls import UnrunCallsCheck
from orkeon_engine.domain.model_replies.text_tool_calls import UnrunCalls, unrun_calls
from tests.support.reply_views import reply_view

OFFERED = {"file_read": {}, "file_write": {}}
WRITTEN = ('Let me look.\n```json\n{"name": "file_read", "arguments": {"path": "a.py"}}\n```\n'
           "It holds PORT = 1234.")


def test_a_reply_that_wrote_calls_mid_text_is_told_nothing_ran():
    unrun = unrun_calls(WRITTEN, OFFERED)

    note = UnrunCallsCheck().note(reply_view(WRITTEN, unrun=unrun))

    assert note is not None and note.startswith("Nothing ran: your reply wrote a call of file_read with more text")


def test_the_note_names_every_tool_written():
    unrun = UnrunCalls(("file_read", "file_write"), 0)

    note = UnrunCallsCheck().note(reply_view("text", unrun=unrun))

    assert note is not None and "a call of file_read, file_write with" in note


def test_a_reply_without_calls_mid_text_passes():
    assert UnrunCallsCheck().note(reply_view("It holds PORT = 1234.")) is None
