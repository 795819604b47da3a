"""Messages, tool call arguments and the cost as shown."""

import pytest

from orkeon_engine.domain.chat import ChatMessage, ToolCallRequest, Usage, format_cost, format_usage


def test_tool_call_arguments_decode_to_an_object():
    call = ToolCallRequest("c1", "file_read", '{"path": "a.py", "limit": 10}')

    assert call.decoded() == {"path": "a.py", "limit": 10}


def test_empty_arguments_are_an_empty_object():
    assert ToolCallRequest("c1", "list_mounts", "").decoded() == {}


@pytest.mark.parametrize(("text", "problem"), [("{oops", "not valid JSON"), ("[1, 2]", "must be a JSON object")])
def test_arguments_that_are_not_an_object_say_why(text, problem):
    with pytest.raises(ValueError, match=problem):
        ToolCallRequest("c1", "x", text).decoded()


def test_a_tool_message_answers_its_call_by_id_and_name():
    message = ChatMessage.tool(ToolCallRequest("c9", "file_read"), "text")

    assert (message.role, message.tool_call_id, message.name, message.text) == ("tool", "c9", "file_read", "text")


@pytest.mark.parametrize(("cost", "shown"), [(None, "unknown"), (0, "$0"), (0.01234, "$0.0123"),
                                             (1234.5, "$1,234.50")])
def test_a_cost_is_shown_in_dollars_or_as_unknown(cost, shown):
    assert format_cost(cost) == shown


def test_a_usage_line_shows_tokens_and_cost():
    assert format_usage(Usage(12_345, 67, cost=None)) == "12,345 tokens in, 67 out, unknown"
