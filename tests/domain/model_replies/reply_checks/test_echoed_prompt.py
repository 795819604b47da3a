"""A reply that writes the prompt back, or a piece of the loop's own note, is told so."""

from orkeon_engine.domain.model.chat import ChatMessage, ToolCallRequest
from orkeon_engine.domain.model_replies.reply_checks.echoed_prompt import PROMPT_ECHO_NOTE, EchoedPromptCheck
from tests.support.reply_views import reply_view

REQUEST = ChatMessage.user("<system-reminder>\nContext in use: 21% of the window.\n</system-reminder>\n\n"
                           "## The request\n\nOn which port does it listen?")
NOTE = "Nothing ran: only a call that ends the reply runs. To use a tool, end your reply with the call alone."


def test_a_reply_writing_the_prompt_back_is_told_so():
    note = EchoedPromptCheck().note(reply_view(REQUEST.text, conversation=[ChatMessage.system("rules"), REQUEST]))

    assert note == PROMPT_ECHO_NOTE


def test_a_reply_made_of_a_piece_of_a_note_sent_this_turn_is_told_so():
    note = EchoedPromptCheck().note(reply_view("To use a tool, end your reply with the call alone.", notes=[NOTE]))

    assert note == PROMPT_ECHO_NOTE


def test_an_answer_passes():
    assert EchoedPromptCheck().note(reply_view("It listens on 8731.", conversation=[REQUEST])) is None


def test_a_reply_with_calls_passes():
    calling = ChatMessage.assistant(REQUEST.text, (ToolCallRequest("c1", "file_read", "{}"),))

    assert EchoedPromptCheck().note(reply_view(calling, conversation=[REQUEST])) is None
