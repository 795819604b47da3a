"""The checks by code the scenarios apply: what a commit message must be, what counts as a raw tool call."""

from __future__ import annotations

import pytest

from devtools.eval.scenarios import _judge_message, raw_call_shown


@pytest.mark.parametrize("message", ["feat(pages): add page()", "fix: count the last price\n\nIt was skipped.",
                                     "docs!: say how to install"])
def test_a_conventional_message_within_the_limits_passes(message: str) -> None:
    assert _judge_message(message)[0] is True


@pytest.mark.parametrize(("message", "said"), [
    ("Added a page function", "not Conventional Commits"),
    ("feat: " + "x" * 67, "subject of 73 characters"),
    ("fix: count the last price\nIt was skipped.", "no blank line"),
    ("feat(Two Words): add", "not Conventional Commits"),
])
def test_a_message_that_breaks_a_rule_fails_naming_the_rule(message: str, said: str) -> None:
    passed, note = _judge_message(message)

    assert (passed, said in note) == (False, True)


@pytest.mark.parametrize("text", [
    '```json\n{"name": "file_read", "arguments": {"path": "calc.py"}}\n```',
    '<tool_call>\n{"name": "file_write", "arguments": {}}\n</tool_call>',
    '[TOOL_CALLS] [{"name": "file_read", "arguments": {}}]',
    "<function=file_read><parameter=path>a.py</parameter></function>",
    '{"name": "shell_command", "parameters": {"command": "ls"}}',
    '```json\n{"name": "inventory/settings.py", "arguments": {"line": 10}}\n```',
    '{"name": "DEFAULT_PORT", "arguments": 8731}',
    '<tools>\n  <function name="definition_rewrite" arguments=\'{"path": "calc.py", "name": "total"}\'/>\n</tools>',
])
def test_a_tool_call_blob_is_seen_in_what_the_person_was_shown(text: str) -> None:
    assert raw_call_shown(f"Sure, here it is.\n{text}\n") is True


def test_prose_and_code_are_not_taken_for_a_blob() -> None:
    text = 'The port is 8731. In calc.py, `total` now loops over range(len(prices)); {"a": 1} is a dict.'

    assert raw_call_shown(text) is False
