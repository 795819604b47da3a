import json

import pytest
from pydantic import ValidationError

from orkeon_engine.crews.dev_change.answer import BriefAnswer, to_brief
from orkeon_engine.domain.dev.brief import RunRecord
from tests.support.dev_steps import brief_answer

RUN = RunRecord("pytest tests/test_cart.py::test_total", 1, 800, "1 failed")


def test_criteria_are_numbered_and_the_run_is_codes_own():
    brief = to_brief(BriefAnswer.model_validate_json(brief_answer()), "total", "bug", "the\ntotal is zero", RUN)

    assert [c.id for c in brief.criteria] == ["CH1"] and brief.run == RUN and brief.request == "the total is zero"
    assert brief.must_not_change[0].test == "tests/test_cart.py::test_empty_cart"


def test_a_criterion_without_its_proof_breaks_the_schema_itself():
    answer = json.loads(brief_answer())
    answer["criteria"] = [{"statement": "It adds up.", "proof": " "}]

    with pytest.raises(ValidationError, match="criteria.0.proof"):  # the schema's pattern, as a server holds it
        BriefAnswer.model_validate(answer)
