"""A reply that shows a change as a Python definition in a code block, which changes no file."""

import pytest

from orkeon_engine.domain.unapplied_code import AGAIN_NOTE, UNAPPLIED_NOTE, shows_definition, unapplied_note


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


CALC = ('"""Prices."""\n\n\ndef total(prices):\n    result = 0\n    for index in range(len(prices) - 1):\n'
        '        result += prices[index]\n    return result\n\n\ndef most_expensive(prices):\n'
        '    return max(prices) if prices else None\n')
REQUEST = "The function total in calc.py skips the last price. Fix it in calc.py."


def test_a_reply_giving_back_the_file_the_request_showed_gets_the_exact_call_to_make():
    reply = "### /workspace/calc.py\n\n```\n" + CALC + "```"

    assert unapplied_note(reply, REQUEST) == (
        UNAPPLIED_NOTE + ' Here that is: call definition_rewrite with {"path": "calc.py", "name": "total"}.')


@pytest.mark.parametrize("request_text", [
    # total is not named
    REQUEST.replace("The function total in calc.py skips", "The function skips"),
    # a name inside the person's own code block is no lead
    "Fix calc.py:\n```\ntotal(prices)\n```",
    # two files named in the person's words
    REQUEST.replace("Fix it in calc.py.", "Fix it in calc.py and prices.py."),
    # no file named anywhere outside the code blocks
    "```\ncalc.py\n```\nFix total.",
])
def test_without_one_named_definition_and_one_named_file_the_note_stays_general(request_text):
    reply = "```python\n" + CALC + "```"

    assert unapplied_note(reply, request_text) == UNAPPLIED_NOTE


def test_the_file_the_person_named_wins_over_others_the_reply_names():
    reply = ("Change `total` in `calc.py`:\n```python\n" + CALC + "```\nThen run `test_calc.py`.")

    assert unapplied_note(reply, REQUEST).endswith('{"path": "calc.py", "name": "total"}.')


def test_a_method_named_by_its_own_name_is_given_dotted():
    reply = "In shop/cart.py:\n```python\nclass Cart:\n    def add(self, item):\n        pass\n```"

    assert unapplied_note(reply, "Make add keep the items sorted.").endswith(
        'call definition_rewrite with {"path": "shop/cart.py", "name": "Cart.add"}.')


def test_a_reply_back_after_the_note_gets_the_call_alone_as_the_line_to_write():
    reply = "### /workspace/calc.py\n\n```\n" + CALC + "```"

    assert unapplied_note(reply, REQUEST, again=True) == (
        AGAIN_NOTE + '{"name": "definition_rewrite", "arguments": {"path": "calc.py", "name": "total"}}')
    assert unapplied_note(reply, "Fix the function.", again=True) is None
