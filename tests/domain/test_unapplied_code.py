"""A reply that shows a change as a Python definition in a code block, which changes no file."""

import pytest

from orkeon_engine.domain.unapplied_code import UNAPPLIED_NOTE, shows_definition


@pytest.mark.parametrize("reply", [
    "Here is the fix:\n```python\ndef total(prices):\n    return sum(prices)\n```",
    "```\n    class Basket:\n        pass\n```",
    "First\n```sh\nls\n```\nthen\n```python\nasync def run():\n    pass\n```",
])
def test_a_code_block_defining_a_function_or_class_shows_a_definition(reply):
    assert shows_definition(reply)


@pytest.mark.parametrize("reply", [
    "Run this:\n```sh\npytest -q\n```", "```python\ntotal([1, 2])\n```", "def total(prices): outside any fence",
    "```python\ndef total(prices:\n```", "The port is 8731.",
])
def test_commands_expressions_broken_code_and_prose_do_not(reply):
    assert not shows_definition(reply)


def test_the_note_says_nothing_changed_and_names_the_tools():
    assert "no file changed" in UNAPPLIED_NOTE and "definition_rewrite" in UNAPPLIED_NOTE
