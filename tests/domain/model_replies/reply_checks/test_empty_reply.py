"""A reply with no words and no call is asked for an answer, while the budget leaves a turn for it."""

import pytest

from orkeon_engine.domain.model.chat import ChatMessage, ToolCallRequest
from orkeon_engine.domain.model_replies.reply_checks.empty_reply import EMPTY_NOTE, EmptyReplyCheck
from tests.support.reply_views import reply_view


@pytest.mark.parametrize("text", ["", ".", "<tools></tools>"])
def test_a_reply_that_says_nothing_is_asked_for_an_answer(text):
    assert EmptyReplyCheck().note(reply_view(text)) == EMPTY_NOTE


def test_on_the_last_turn_an_empty_reply_passes():
    assert EmptyReplyCheck().note(reply_view("<tools></tools>", turn_left=False)) is None


def test_a_reply_of_words_passes():
    assert EmptyReplyCheck().note(reply_view("Done.")) is None


def test_a_reply_of_calls_without_words_passes():
    calling = ChatMessage.assistant("", (ToolCallRequest("c1", "file_read", "{}"),))

    assert EmptyReplyCheck().note(reply_view(calling)) is None
