"""The reply checks run in the order of their list: the first note found is sent, and a check that sent its
`limit` of notes this turn is passed over for the next one."""

from dataclasses import dataclass

import pytest

from orkeon_engine.domain.model.chat import ChatMessage
from orkeon_engine.domain.model_replies.reply_checks.check import ReplyChecks, ReplyView, prompt_texts
from tests.support.reply_views import reply_view


@dataclass
class WordCheck:
    """A tiny check: a reply holding `word` gets the note `note`, `limit` times a turn; it counts its asks."""

    name: str
    word: str
    note_text: str
    limit: int = 1
    asked: int = 0

    def note(self, reply: ReplyView) -> str | None:
        self.asked += 1
        return self.note_text if self.word in reply.message.text else None


def test_the_first_check_in_the_list_with_a_note_sends_it_and_the_later_ones_are_not_asked():
    first, second = WordCheck("first", "port", "say the port"), WordCheck("second", "port", "the other note")
    checks = ReplyChecks([first, second])

    note = checks.note_for(reply_view("the port"))

    assert note == "say the port" and second.asked == 0


def test_a_check_that_finds_nothing_hands_the_reply_to_the_next_one():
    checks = ReplyChecks([WordCheck("first", "port", "say the port"), WordCheck("second", "host", "say the host")])

    note = checks.note_for(reply_view("the host"))

    assert note == "say the host"


def test_a_check_sends_its_note_up_to_its_limit_then_the_next_one_answers_then_none():
    checks = ReplyChecks([WordCheck("twice", "port", "first note", limit=2), WordCheck("once", "port", "second note")])

    notes = [checks.note_for(reply_view("the port")) for _ in range(4)]

    assert notes == ["first note", "first note", "second note", None]


def test_a_check_with_its_notes_spent_is_not_asked_again():
    spent = WordCheck("spent", "port", "a note")
    checks = ReplyChecks([spent])
    checks.note_for(reply_view("the port"))

    checks.note_for(reply_view("the port"))

    assert spent.asked == 1


def test_a_reply_no_check_has_a_note_for_stands():
    checks = ReplyChecks([WordCheck("first", "port", "say the port")])

    assert checks.note_for(reply_view("all done")) is None


def test_two_checks_of_one_name_are_refused():
    with pytest.raises(ValueError, match="names of their own"):
        ReplyChecks([WordCheck("same", "a", "x"), WordCheck("same", "b", "y")])


def test_the_prompt_texts_are_those_of_the_system_and_user_messages():
    conversation = [ChatMessage.system("rules"), ChatMessage.user("the request"), ChatMessage.assistant("reply")]

    assert prompt_texts(conversation) == ["rules", "the request"]
