"""Messages, tool call arguments and the cost as shown."""

import pytest

from orkeon_engine.domain.model.chat import ChatMessage, ToolCallRequest


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
