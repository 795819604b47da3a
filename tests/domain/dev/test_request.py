from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.dev.request import DevSpecWords, read_dev_spec_words


def test_a_code_and_a_purpose_ask_for_a_spec():
    assert read_dev_spec_words(["cart", "let", "shoppers", "save"]) == DevSpecWords("cart", None, "let shoppers save")


def test_a_kind_after_the_code_asks_for_a_change_brief():
    assert read_dev_spec_words(["total", "Bug", "it", "is", "zero"]) == DevSpecWords("total", "bug", "it is zero")


def test_behavior_is_read_as_behaviour():
    assert read_dev_spec_words(["x", "behavior", "sort", "by", "date"]).kind == "behaviour"


def test_the_code_alone_goes_on_with_the_work():
    assert read_dev_spec_words(["cart"]) == DevSpecWords("cart", None, "")


def test_no_words_have_no_code():
    assert read_dev_spec_words([]) == DevSpecWords("", None, "")


@given(st.lists(st.text(max_size=12), max_size=6))
def test_any_words_read_as_a_request_keeping_the_first_as_code(words):
    request = read_dev_spec_words(words)

    assert request.code == (words[0] if words else "") and "  " not in request.description
