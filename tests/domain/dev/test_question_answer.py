import pytest
from pydantic import ValidationError

from orkeon_engine.domain.dev.question_answer import QuestionAnswer, mend_questions, to_open_questions
from orkeon_engine.domain.dev.questions import MAX_OPTIONS


def test_the_models_questions_become_the_files_blocking_first_recommended_first():
    answers = [QuestionAnswer(question="Guests?", severity="Major", options=["Yes", "No"]),
               QuestionAnswer(question="Prices?", severity="Blocking", why=" the\ntotal ", options=["Today", "Saved"],
                              recommended=2)]

    questions = to_open_questions(answers)

    assert [(q.id, q.text, q.options, q.recommended) for q in questions] == [
        ("Q1", "Prices?", ("Saved", "Today"), True), ("Q2", "Guests?", ("Yes", "No"), False)]
    assert questions[0].why == "the total"


@pytest.mark.parametrize(("fields", "said"), [
    ({"question": " "}, "question: must end with a question mark"),
    ({"options": ["Yes", "yes ", "Yes"]}, "distinct"),
    ({"options": ["Yes", " "]}, "distinct"),
    ({"recommended": 3}, "recommended: the number of one of the 2 options, was 3"),
    ({"recommended": 0}, "greater than or equal to 1"),
    ({"options": ["Yes"]}, "at least 2"),
])
def test_a_question_that_cannot_be_asked_is_sent_back_with_why(fields, said):
    with pytest.raises(ValidationError, match=said):
        QuestionAnswer(**({"question": "Guests?", "severity": "Major", "options": ["Yes", "No"]} | fields))


def test_a_question_without_its_question_mark_gets_one():
    answer = QuestionAnswer(question="Who may see the saved cart.", severity="Major", options=["Yes", "No"])

    assert answer.question == "Who may see the saved cart?"


def test_the_recommended_number_is_bounded_in_the_schema():
    bounds = QuestionAnswer.model_json_schema()["properties"]["recommended"]["anyOf"][0]

    assert (bounds["minimum"], bounds["maximum"]) == (1, MAX_OPTIONS)


def test_a_recommendation_naming_no_option_is_dropped_and_repeated_options_are_one():
    mended = mend_questions([{"question": "Keep prices?", "severity": "Major", "options": ["Yes", "Yes ", "No"],
                              "recommended": 5}])

    assert mended == [{"question": "Keep prices?", "severity": "Major", "options": ["Yes", "No"],
                       "recommended": None}]


def test_a_question_left_with_one_option_is_no_question_and_is_left_out():
    assert mend_questions([{"question": "Keep?", "severity": "Major", "options": ["Yes", "yes", "Yes"]}]) == [
        {"question": "Keep?", "severity": "Major", "options": ["Yes", "yes"], "recommended": None}]
    assert mend_questions([{"question": "Keep?", "severity": "Major", "options": ["Yes", "Yes", " "]}]) == []
