"""Reads written mid-reply that already ran this turn with the same arguments: the model is told their results
are above; any other call written mid-reply is not this check's."""

from orkeon_engine.domain.model.act import ToolCallRecord
from orkeon_engine.domain.model_replies.reply_checks.repeated_reads import RepeatedReadsCheck
from orkeon_engine.domain.model_replies.text_tool_calls import TextToolCall, UnrunCalls
from orkeon_engine.domain.tool_call import ToolResult, Verdict
from tests.support.reply_views import reply_view

ALLOWED = Verdict.allow()
READ = TextToolCall("file_read", '{"path": "settings.py"}', "")
UNRUN = UnrunCalls(("file_read",), 0, (READ,))


def _ran(arguments, verdict=ALLOWED):
    return ToolCallRecord("c1", "file_read", arguments, verdict, ToolResult("PORT = 8731"))


def test_a_read_that_ran_with_the_same_arguments_is_told_its_result_is_above():
    reply = reply_view("text", unrun=UNRUN, records=[_ran({"path": "settings.py"})], reads=["file_read"])

    note = RepeatedReadsCheck().note(reply)

    assert note is not None and note.startswith("That file_read call already ran in this turn")


def test_a_read_with_other_arguments_passes():
    reply = reply_view("text", unrun=UNRUN, records=[_ran({"path": "other.py"})], reads=["file_read"])

    assert RepeatedReadsCheck().note(reply) is None


def test_a_read_the_gate_refused_did_not_run_and_passes():
    reply = reply_view("text", unrun=UNRUN, records=[_ran({"path": "settings.py"}, Verdict.deny("no"))],
                       reads=["file_read"])

    assert RepeatedReadsCheck().note(reply) is None


def test_a_call_of_a_tool_that_is_not_a_read_passes():
    reply = reply_view("text", unrun=UNRUN, records=[_ran({"path": "settings.py"})], reads=[])

    assert RepeatedReadsCheck().note(reply) is None


def test_arguments_that_are_not_json_pass():
    unrun = UnrunCalls(("file_read",), 0, (TextToolCall("file_read", "{path: settings.py", ""),))
    reply = reply_view("text", unrun=unrun, records=[_ran({"path": "settings.py"})], reads=["file_read"])

    assert RepeatedReadsCheck().note(reply) is None


def test_a_reply_without_calls_mid_text_passes():
    reply = reply_view("text", records=[_ran({"path": "settings.py"})], reads=["file_read"])

    assert RepeatedReadsCheck().note(reply) is None
