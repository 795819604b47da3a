import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.ui.free_answer import read_typed_answer

OPTIONS = ["Keep the prices", "Take today's prices"]


@pytest.mark.parametrize(("typed", "answer"), [
    ("2", "Take today's prices"), (" 1 ", "Keep the prices"), ("keep THE prices", "Keep the prices"),
    ("Only for members", "Only for members"), ("3", "3"), ("", None), ("   ", None),
])
def test_a_typed_line_picks_an_option_or_is_the_answer_itself(typed, answer):
    assert read_typed_answer(typed, OPTIONS) == answer


@given(st.text())
def test_any_typed_line_is_an_option_the_words_typed_or_nothing(typed):
    answer = read_typed_answer(typed, OPTIONS)

    assert answer is None or answer in OPTIONS or answer == typed.strip()
