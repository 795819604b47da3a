import pytest
from hypothesis import given

from orkeon_engine.domain.dev.questions import (
    OpenQuestion,
    QuestionBook,
    order_questions,
    parse_decisions,
    parse_questions,
    question_prompt,
    render_decisions,
    render_questions,
    status_line,
    with_recommended_first,
)
from orkeon_engine.domain.dev.sections import DevFileError
from tests.support.dev_strategies import question_books

PRICES = OpenQuestion("Q1", "Blocking", "Should a saved cart keep the prices of the day it was saved?",
                      ("Keep the prices of that day", "Take today's prices"), True, "the total depends on it")
GUESTS = OpenQuestion("Q2", "Major", "May a guest save a cart?", ("Yes", "No"))


def test_blocking_questions_come_first_and_are_numbered_in_that_order():
    ordered = order_questions([GUESTS, PRICES])

    assert [(q.id, q.severity) for q in ordered] == [("Q1", "Blocking"), ("Q2", "Major")]


def test_the_recommended_option_is_moved_first():
    assert with_recommended_first(["a", "b", "c"], 2) == (("c", "a", "b"), True)
    assert with_recommended_first(["a", "b"], None) == (("a", "b"), False)
    assert with_recommended_first(["a", "b"], 7) == (("a", "b"), False)


def test_the_offered_labels_say_which_option_is_recommended():
    assert PRICES.labels() == ["Keep the prices of that day (recommended)", "Take today's prices"]


def test_an_option_chosen_moves_the_question_under_decisions():
    book = QuestionBook((PRICES, GUESTS))

    decided = book.decide("Q1", "Take today's prices")

    assert decided.open == (GUESTS,)
    assert (decided.decided[0].answer, decided.decided[0].option) == ("Take today's prices", 2)


def test_an_options_own_words_without_its_recommendation_are_that_option():
    decided = QuestionBook((PRICES,)).decide("Q1", "Keep the prices of that day")

    assert decided.decided[0].option == 1


def test_the_persons_own_words_are_kept_as_they_gave_them():
    decided = QuestionBook((GUESTS,)).decide("Q2", "  Only with an account  ")

    assert (decided.decided[0].answer, decided.decided[0].option) == ("Only with an account", None)


def test_the_status_reads_blocked_with_what_is_open_or_ready():
    assert status_line(QuestionBook((PRICES, GUESTS))) == \
        "Status: BLOCKED — 2 open questions: Q1 (Blocking), Q2 (Major)"
    assert status_line(QuestionBook()) == "Status: READY — no open question"


def test_the_question_put_to_the_person_says_where_it_comes_from_and_why():
    prompt = question_prompt("/dev-spec cart", PRICES, 1, 2)

    assert prompt.splitlines() == ["/dev-spec cart — Q1 (Blocking), question 1 of 2:", PRICES.text,
                                   "Why it matters: the total depends on it"]


@given(question_books())
def test_questions_and_decisions_read_back_as_written(book):
    open_lines = render_questions(book.open)
    decided_lines = render_decisions(book.decided)

    assert parse_questions(open_lines, "spec.md") == book.open
    assert parse_decisions(decided_lines, "spec.md") == book.decided


def test_a_decision_without_an_answer_is_refused_naming_the_question():
    lines = render_decisions(QuestionBook((PRICES,)).decide("Q1", "Take today's prices").decided)

    with pytest.raises(DevFileError, match="the decision on Q1 has no `- Answer:` line"):
        parse_decisions([line for line in lines if not line.startswith("- Answer")], "spec.md")


def test_a_heading_that_is_no_question_is_refused_saying_what_is_expected():
    with pytest.raises(DevFileError, match="`### Q1 · Minor` is no question heading"):
        parse_questions(["### Q1 · Minor", "Why?"], "brief.md")
