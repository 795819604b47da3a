import json

import pytest
from pydantic import ValidationError

from orkeon_engine.crews.dev_spec.answer import SpecAnswer, to_spec
from tests.support.dev_steps import spec_answer


def _answer(**changes):
    return SpecAnswer.model_validate_json(spec_answer(**changes))


def test_use_cases_are_numbered_and_the_rules_follow_their_new_ids():
    spec = to_spec(_answer(), "cart")

    assert [uc.id for uc in spec.use_cases] == ["UC1", "UC2"] and spec.rules[0].applies_to == ("UC1", "UC2")
    assert [q.id for q in spec.questions.open] == ["Q1", "Q2"] and spec.questions.open[0].severity == "Blocking"
    assert spec.questions.open[0].options[0] == "Keep the saved prices"


def test_the_actor_a_use_case_names_takes_the_actors_own_spelling():
    assert to_spec(_answer(), "cart").use_cases[0].actor == "Shopper"


@pytest.mark.parametrize(("changes", "said"), [
    ({"rules": [{"statement": "x", "origin": "y", "severity": "major", "applies_to": ["checkout"]}]},
     r"rules.0.applies_to: must hold ids of the use cases \(save, restore\), was \['checkout'\]"),
    ({"actors": [{"name": "Clerk"}]}, r"use_cases.0.actor: must be the name of one of the actors \(Clerk\), was"),
    ({"actors": [{"name": "A"}, {"name": "a"}]}, "actors: every actor needs a name of its own"),
])
def test_an_answer_whose_parts_do_not_hold_together_is_sent_back_with_why(changes, said):
    with pytest.raises(ValidationError, match=said):
        _answer(**changes)


def test_a_rule_naming_a_file_beside_a_use_case_keeps_the_use_case():
    rule = {"statement": "x", "origin": "y", "severity": "major", "applies_to": ["inventory/server.py", "save"]}

    assert _answer(rules=[rule]).rules[0].applies_to == ["save"]


def test_a_use_case_of_eight_steps_is_refused():
    answer = json.loads(spec_answer())
    answer["use_cases"][0]["steps"] = [f"step {n}" for n in range(8)]

    with pytest.raises(ValidationError, match="at most 7"):
        SpecAnswer.model_validate(answer)


def test_two_use_cases_sharing_an_id_are_refused():
    answer = json.loads(spec_answer())
    answer["use_cases"][1]["id"] = "save"

    with pytest.raises(ValidationError, match="use_cases: every id must differ"):
        SpecAnswer.model_validate(answer)
