import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.crews.speech.replies import (
    AudioItem,
    Heard,
    SpeechReplyError,
    Spoken,
    failure_text,
    read_heard,
    read_listing,
    read_spoken,
    speakable,
)
from tests.support.strategies import json_values


def test_a_speak_answer_reads_as_where_how_long_and_whether_it_played():
    text = json.dumps({"path": "/repo/.orkeon/local/output/a.wav", "seconds": 2.5, "played": True, "player": "aplay"})

    assert read_spoken(text) == Spoken("/repo/.orkeon/local/output/a.wav", 2.5, True, "aplay")


def test_a_transcription_may_hold_no_words():
    assert read_heard('{"text": "", "language": "en", "seconds": 1}') == Heard("", "en", 1.0, "")


def test_a_listing_reads_each_file():
    text = '[{"path": "a.wav", "bytes": 10, "seconds": 1.5}, {"path": "b.mp3", "bytes": 3, "seconds": null}]'

    assert read_listing(text) == [AudioItem("a.wav", 10, 1.5), AudioItem("b.mp3", 3, None)]


@pytest.mark.parametrize(("reader", "text", "problem"), [
    (read_spoken, "not json", "speak answered text that is not JSON"),
    (read_spoken, '{"seconds": 1}', "speak answered no path"),
    (read_heard, "[]", "transcribe_audio answered something other than an object"),
    (read_listing, '{"path": "a"}', "list_audio answered something other than a list"),
    (read_listing, "[1]", "list_audio answered a file that is not an object"),
])
def test_an_answer_that_is_not_what_the_tool_promises_names_the_tool(reader, text, problem):
    with pytest.raises(SpeechReplyError, match=problem):
        reader(text)


def test_a_failure_loses_the_sdks_wrapping():
    assert failure_text("Error executing tool speak: espeak-ng is not installed") == "espeak-ng is not installed"
    assert failure_text("  ") == "the speech server failed without saying why"


def test_an_answer_to_hear_names_its_code_and_drops_the_markup():
    answer = "## Done\n\nRun `make test`, see [the guide](https://x.org).\n\n```python\nprint(1)\n```\n**Bold** end."

    assert speakable(answer) == "Done Run make test , see the guide. (code shown in the answer) Bold end."


def test_a_long_answer_is_cut_at_a_sentence_and_says_the_rest_is_written():
    answer = "This is one sentence. " * 200

    spoken = speakable(answer, limit=100)

    assert spoken == "This is one sentence. This is one sentence. This is one sentence. This is one sentence. " \
                     "The rest is in the written answer."


@given(st.text(max_size=200))
def test_any_text_reads_or_fails_with_the_reply_error(text):
    for reader in (read_spoken, read_heard, read_listing):
        with contextlib.suppress(SpeechReplyError):
            reader(text)


@given(json_values)
def test_any_json_value_reads_or_fails_with_the_reply_error(value):
    text = json.dumps(value)
    for reader in (read_spoken, read_heard, read_listing):
        with contextlib.suppress(SpeechReplyError):
            reader(text)


@given(st.text(max_size=3000))
def test_a_spoken_answer_is_never_much_longer_than_its_limit(answer):
    assert len(speakable(answer)) <= 1_500 + len(" The rest is in the written answer.") + 3
