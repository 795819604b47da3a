import pytest
from pydantic import ValidationError

from orkeon_engine.domain.dev.question_answer import QuestionAnswer, to_open_questions


def test_the_models_questions_become_the_files_blocking_first_recommended_first():
    answers = [QuestionAnswer(question="Guests?", severity="Major", options=["Yes", "No"]),
               QuestionAnswer(question="Prices?", severity="Blocking", why=" the\ntotal ", options=["Today", "Saved"],
                              recommended=2)]

    questions = to_open_questions(answers)

    assert [(q.id, q.text, q.options, q.recommended) for q in questions] == [
        ("Q1", "Prices?", ("Saved", "Today"), True), ("Q2", "Guests?", ("Yes", "No"), False)]
    assert questions[0].why == "the total"


@pytest.mark.parametrize(("fields", "said"), [
    ({"question": "Guests."}, "question mark"),
    ({"options": ["Yes", "yes ", "Yes"]}, "distinct"),
    ({"options": ["Yes", " "]}, "distinct"),
    ({"recommended": 3}, "has 2 options"),
    ({"options": ["Yes"]}, "at least 2"),
])
def test_a_question_that_cannot_be_asked_is_sent_back_with_why(fields, said):
    with pytest.raises(ValidationError, match=said):
        QuestionAnswer(**({"question": "Guests?", "severity": "Major", "options": ["Yes", "No"]} | fields))
