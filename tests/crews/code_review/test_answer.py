"""A lens's JSON answer: validated by its model, then turned into proposals carrying the lens and pass."""

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from orkeon_engine.crews.code_review.answer import LensAnswer, to_proposals

ONE = {"findings": [{"path": "app.py", "line": 2, "quote": "b = 2", "severity": "High", "title": "t",
                     "detail": "d"}]}


def test_a_valid_answer_becomes_proposals_of_its_lens_and_pass():
    proposals = to_proposals(LensAnswer.model_validate(ONE), "security", 2)

    assert [(p.path, p.line, p.severity, p.lens, p.pass_index) for p in proposals] == [
        ("app.py", 2, "high", "security", 2)]


def test_an_empty_list_is_a_valid_answer():
    assert LensAnswer.model_validate({"findings": []}).findings == []


def test_an_unknown_severity_is_refused():
    with pytest.raises(ValidationError):
        LensAnswer.model_validate({"findings": [{**ONE["findings"][0], "severity": "critical"}]})


def test_a_finding_without_its_quote_is_refused():
    item = {k: v for k, v in ONE["findings"][0].items() if k != "quote"}

    with pytest.raises(ValidationError):
        LensAnswer.model_validate({"findings": [item]})


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                max_size=3), max_leaves=10))
def test_any_json_value_is_either_an_answer_or_a_validation_error(value):
    with contextlib.suppress(ValidationError):
        LensAnswer.model_validate(value)
