from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.crews.main_loop.mode_prefix import PrefixedRequest, split_mode_prefix


def test_the_prefix_names_the_mode_and_the_rest_is_the_request():
    assert split_mode_prefix("mode:plan how would you split this module?") == PrefixedRequest(
        "how would you split this module?", "plan")


def test_text_without_the_prefix_is_the_request():
    assert split_mode_prefix("  fix the mode: handling ") == PrefixedRequest("fix the mode: handling")


def test_a_prefix_alone_has_an_empty_request_and_a_bare_prefix_an_empty_mode():
    assert split_mode_prefix("MODE:acceptEdits") == PrefixedRequest("", "acceptEdits")
    assert split_mode_prefix("mode: fix it") == PrefixedRequest("fix it", "")


@given(st.text())
def test_splitting_never_fails_and_loses_no_word_of_an_unprefixed_request(text):
    result = split_mode_prefix(text)

    if result.mode is None:
        assert result.request == text.strip()
