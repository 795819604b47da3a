import pytest
from pydantic import ValidationError

from orkeon_engine.domain.dev.audit_answer import AuditAnswer


def test_an_answer_with_rows_and_undecided_axes_validates():
    answer = AuditAnswer.model_validate({"rows": [{"severity": "Major", "axis": "code", "cites": "a.py:1",
                                                   "text": "x"}], "undecided": [{"axis": "conventions",
                                                                                 "reason": "none stated"}]})

    assert answer.rows[0].severity == "Major" and answer.undecided[0].axis == "conventions"


@pytest.mark.parametrize("field", [{"severity": "Critical"}, {"axis": "style"}])
def test_a_severity_or_axis_outside_the_defined_ones_is_refused(field):
    row = {"severity": "Major", "axis": "code", "cites": "a.py:1", "text": "x"} | field

    with pytest.raises(ValidationError):
        AuditAnswer.model_validate({"rows": [row]})
