"""The XML attribute and markdown-labelled call shapes: what Qwen2.5-Coder-1.5B wrote as its whole reply is a
call; the same shapes in prose, or naming what no tool takes, are text."""

import json

import pytest

from orkeon_engine.domain.model_replies.held_call_text import HeldCallText
from orkeon_engine.domain.model_replies.text_call_forms import nested_call, without_ellipses
from orkeon_engine.domain.model_replies.text_tool_calls import read_text_calls, unrun_calls

OFFERED = {
    "definition_rewrite": {"type": "object", "properties": {"path": {"type": "string"}, "name": {"type": "string"},
                                                            "line": {"type": "integer"}}},
    "file_read": {"type": "object", "properties": {"path": {"type": "string"}}},
}
REWRITE = ("definition_rewrite", {"path": "/workspace/calc.py", "name": "total"})


def _calls(text):
    found = read_text_calls(text, OFFERED)
    assert found is not None, text
    return [(call.name, json.loads(call.arguments)) for call in found.calls]


@pytest.mark.parametrize("text", [
    # as the 1.5B wrote them on llama.cpp (eval fix row), each its whole reply
    '<tools>\n  <function name="definition_rewrite" arguments=\'{"path": "/workspace/calc.py", "name": "total"}\'/>\n'
    '</tools>',
    '{{"name": "definition_rewrite", "arguments": {"path": "/workspace/calc.py", "name": "total"}}}}',
    '### Function Call\n\n#### Function Name\n\n**definition_rewrite**\n\n#### Arguments\n\n```json\n{\n  "path": '
    '"/workspace/calc.py",\n  "name": "total"\n}\n```',
    # the same shapes' near kin
    '<function name="definition_rewrite">{"path": "/workspace/calc.py", "name": "total"}</function>',
    '<function name=\'definition_rewrite\' arguments="{&quot;path&quot;: &quot;/workspace/calc.py&quot;, '
    '&quot;name&quot;: &quot;total&quot;}"/>',
    '<tool_call><function name="definition_rewrite"><parameter name="path">/workspace/calc.py</parameter>'
    '<parameter name="name">total</parameter></function></tool_call>',
    'Function name: `definition_rewrite`\nArguments:\n```json\n{"path": "/workspace/calc.py", "name": "total"}\n```',
])
def test_the_shapes_a_small_model_wrote_are_the_call_it_meant(text):
    assert _calls(text) == [REWRITE]


def test_parameters_are_typed_by_the_tools_schema():
    text = ('<function name="definition_rewrite"><parameter name="path">calc.py</parameter>'
            '<parameter name="line">3</parameter></function>')

    assert _calls(text) == [("definition_rewrite", {"path": "calc.py", "line": 3})]


def test_the_note_before_an_attribute_call_is_kept():
    found = read_text_calls('Reading it.\n<function name="file_read" arguments=\'{"path": "a.py"}\'/>', OFFERED)

    assert found is not None and found.note == "Reading it."


def test_an_attribute_call_of_a_tool_not_offered_alone_in_the_reply_is_a_call_to_refuse():
    assert _calls('<function name="file_write" arguments=\'{"path": "a.py", "content": "x"}\'/>') == [
        ("file_write", {})]


@pytest.mark.parametrize("text", [
    # a sentence among the labels: an example
    'Use the tool like this:\n\n**file_read**\n\n```json\n{"path": "a.py"}\n```',
    # headings that are not a call's labels
    '### Do not run this\n\n**file_read**\n\n```json\n{"path": "a.py"}\n```',
    '## Example\n\nfile_read\n```json\n{"path": "a.py"}\n```',
    'Usage:\nfile_read\n```json\n{"path": "a.py"}\n```',
    # no tool named
    '## Settings\n\n```json\n{"port": 8731}\n```',
    # a key the tool does not take
    '**file_read**\n\n```json\n{"path": "a.py", "port": 8731}\n```',
    # two tools named
    '**file_read**\n**definition_rewrite**\n```json\n{"path": "a.py"}\n```',
    # a label after the fence
    '**file_read**\n```json\n{"path": "a.py"}\n```\nDone.',
    # an attribute call with prose after it
    'See <function name="file_read" arguments=\'{"path": "a.py"}\'/> and then it prints 3.',
    # an element that does not read
    '<function name="file_read" arguments=\'{"path": \'/>',
    '<function name="file_read"><b>a.py</b></function>',
])
def test_the_shapes_beside_prose_or_not_fitting_a_tool_are_text(text):
    assert read_text_calls(text, OFFERED) is None


def test_an_attribute_call_mid_reply_is_an_unrun_call():
    found = unrun_calls('See <function name="file_read" arguments=\'{"path": "a.py"}\'/> and it prints 3.', OFFERED)

    assert found is not None and found.names == ("file_read",) and found.start == 4


def _streamed(text: str, size: int = 3) -> str:
    held = HeldCallText()
    return "".join(held.feed(text[at:at + size]) for at in range(0, len(text), size))


def test_a_stream_holds_a_labelled_call_back_from_its_first_label():
    text = ('### Function Call\n\n#### Function Name\n\n**definition_rewrite**\n\n#### Arguments\n\n```json\n'
            '{"path": "calc.py", "name": "total"}\n```')

    assert _streamed(text) == ""


@pytest.mark.parametrize("text", ["The answer is 42.\nMore.", "**Summary**\nThe port is 8731.",
                                  "Arguments aside, the port is 8731.\n"])
def test_a_stream_shows_an_answer_once_a_line_is_no_label(text):
    assert _streamed(text) == text


def test_a_stream_holds_an_attribute_call_back():
    held = HeldCallText()

    shown = held.feed("Reading.\n<function") + held.feed(' name="file_read" arguments=\'{"path": "a.py"}\'/>')

    assert shown == "Reading.\n"


def _find(raw):
    return (raw, True) if raw == "file_read" else None


def test_nested_call_finds_the_shallowest_offered_call_and_its_arguments():
    value = {"name": "wrapper", "arguments": {"name": "file_read", "path": "a.py", "id": "1"},
             "later": [{"deeper": {"tool": "file_read", "args": {"path": "b.py"}}}]}

    assert nested_call(value, _find) == ("file_read", {"path": "a.py"})
    assert nested_call({"name": "wrapper", "arguments": {"query": "x"}}, _find) is None


def test_without_ellipses_takes_out_only_the_dots_standing_for_more_items():
    assert without_ellipses('{"a": [1, ...], "b": "x..." , ...}') == '{"a": [1], "b": "x..." }'
    assert without_ellipses("[...]") == "[]"
