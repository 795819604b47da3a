"""A reply with no letter or digit outside markup tags says nothing."""

import pytest

from orkeon_engine.domain.model_replies.empty_reply import says_nothing


@pytest.mark.parametrize("text", ["", "  \n", ".", "```\n```", "<tools></tools>", "<tool_call>\n</tool_call>",
                                  '<function name="x"/>'])
def test_empty_punctuation_and_bare_markup_say_nothing(text):
    assert says_nothing(text)


@pytest.mark.parametrize("text", ["8731", "<b>8731</b>", "a < b and c > d", "Done.", "<tools>calc.py</tools>",
                                  "<br/>", '<div class="x"></div>'])
def test_a_word_or_a_number_anywhere_outside_a_tag_says_something(text):
    assert not says_nothing(text)
