"""The streamed text held back from where a call written as text may begin."""

from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.model_replies.held_call_text import HeldCallText


def _stream(pieces, shown_text):
    held = HeldCallText()
    shown = "".join(held.feed(piece) for piece in pieces)
    return shown, held.finish(shown_text)


def test_prose_passes_on_as_it_comes():
    held = HeldCallText()

    assert held.feed("Hello ") == "Hello "


def test_from_a_fence_on_nothing_is_shown_until_the_reply_is_complete():
    shown, rest = _stream(["I will read it.\n``", "`json\n{\"name\": ", "\"file_read\"}\n```"], "I will read it.")

    assert shown == "I will read it.\n"
    assert rest == ""


def test_from_a_tools_tag_on_nothing_is_shown_until_the_reply_is_complete():
    shown, rest = _stream(["Searching.\n<too", "ls>\n{\"name\": \"codebase_search\"}</tools>"], "Searching.")

    assert shown == "Searching.\n" and rest == ""


def test_a_reply_opening_with_json_is_held_whole():
    shown, rest = _stream(["  {\"name\"", ": \"file_read\"}"], "")

    assert shown == "" and rest == ""


def test_held_text_that_was_no_call_is_shown_at_the_end():
    text = "Here:\n```python\nprint(1)\n```\nDone."

    shown, rest = _stream([text[:8], text[8:20], text[20:]], text)

    assert shown + rest == text


@given(st.lists(st.text(alphabet="ab`<{[\n TOOL_CALS]", max_size=8), max_size=12))
def test_an_answer_without_calls_is_shown_whole_however_it_is_cut(pieces):
    text = "".join(pieces)

    shown, rest = _stream(pieces, text)

    assert shown + rest == text
