import json

import pytest
from pydantic import ValidationError

from orkeon_engine.crews.dev_plan.answer import AnchorAnswer, PlanAnswer, StepAnswer, answer_texts, to_plan
from orkeon_engine.domain.dev.inventory import Inventory
from orkeon_engine.domain.dev.plan import Anchor
from tests.support.dev_plans import plan_answer


def test_the_answer_becomes_batches_f1_f2_with_their_anchors_read():
    plan = to_plan(PlanAnswer.model_validate_json(plan_answer()), "cart-save", "spec.md", Inventory(), "make test")

    assert [b.id for b in plan.batches] == ["F1", "F2", "F3"] and plan.batches[1].after == ("F1",)
    assert plan.batches[0].steps[0].anchors == (Anchor("new", "shop/saved.py"), Anchor("ref", "I2"))
    assert plan.build == "make test" and plan.rules[0].applied_in == ("F1", "F2", "F3")


def test_an_anchor_gives_exactly_one_of_its_three_forms():
    with pytest.raises(ValidationError, match="exactly one of ref, create or file"):
        AnchorAnswer(ref="I1", create="a.py")


def test_every_text_the_model_wrote_is_offered_to_the_checks_with_where_it_sits():
    answer = PlanAnswer.model_validate_json(plan_answer(assumptions=["see a.py:3"]))

    assert ("an assumption", "see a.py:3") in list(answer_texts(answer))
    assert json.loads(plan_answer())["batches"][0]["title"] == "Save a cart"


def test_an_anchor_giving_two_places_keeps_the_first_and_one_giving_none_is_left_out():
    step = StepAnswer.model_validate({"what": "save the cart", "anchors": [
        {"ref": " ", "create": "shop/saved.py", "file": "shop/cart.py"}, {"ref": None, "create": "", "file": None},
        {"ref": "I3"}]})

    assert [anchor.anchor() for anchor in step.anchors] == [Anchor("new", "shop/saved.py"), Anchor("ref", "I3")]
