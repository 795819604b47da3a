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


# Rules between two fields that no schema can hold: a server that enforces the schema keeps an answer to it,
# so a repair round could fail them again. Code mends them; the crew never fails on one (issue 52).

def test_a_rule_naming_no_known_use_case_holds_for_every_use_case():
    rule = {"statement": "x", "origin": "y", "severity": "major", "applies_to": ["checkout"]}

    assert _answer(rules=[rule]).rules[0].applies_to == ["save", "restore"]


def test_an_actor_a_use_case_names_that_the_list_left_out_joins_the_actors():
    answer = _answer(actors=[{"name": "Clerk"}])

    assert [actor.name for actor in answer.actors] == ["Clerk", "shopper"]  # as the first use case wrote it
    assert [uc.actor for uc in to_spec(answer, "cart").use_cases] == ["shopper", "shopper"]


def test_actors_named_twice_are_one_actor():
    answer = _answer(actors=[{"name": "Shopper"}, {"name": "shopper"}, {"name": " "}])

    assert [actor.name for actor in answer.actors] == ["Shopper"]


def test_blank_steps_are_left_out_and_a_use_case_left_without_one_keeps_its_title():
    answer = json.loads(spec_answer())
    answer["use_cases"][0]["steps"] = ["  "]
    answer["use_cases"][1]["steps"] = ["open the cart", ""]

    mended = SpecAnswer.model_validate(answer)

    assert mended.use_cases[0].steps == [answer["use_cases"][0]["title"]]
    assert mended.use_cases[1].steps == ["open the cart"]


def test_a_rule_naming_a_file_beside_a_use_case_keeps_the_use_case():
    rule = {"statement": "x", "origin": "y", "severity": "major", "applies_to": ["inventory/server.py", "save"]}

    assert _answer(rules=[rule]).rules[0].applies_to == ["save"]


def test_a_use_case_of_eight_steps_is_refused():
    answer = json.loads(spec_answer())
    answer["use_cases"][0]["steps"] = [f"step {n}" for n in range(8)]

    with pytest.raises(ValidationError, match="at most 7"):
        SpecAnswer.model_validate(answer)


def test_two_use_cases_sharing_an_id_get_ids_of_their_own_and_the_rules_keep_the_first():
    answer = json.loads(spec_answer())
    answer["use_cases"][1]["id"] = "save"
    answer["rules"] = [{"statement": "x", "origin": "y", "severity": "major", "applies_to": ["save"]}]

    spec = to_spec(SpecAnswer.model_validate(answer), "cart")

    assert [uc.id for uc in spec.use_cases] == ["UC1", "UC2"] and spec.rules[0].applies_to == ("UC1",)
