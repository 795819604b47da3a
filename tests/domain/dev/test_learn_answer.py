import pytest
from pydantic import ValidationError

from orkeon_engine.domain.dev.learn_answer import LearnAnswer


def test_an_answer_with_motifs_skips_and_drops_validates():
    answer = LearnAnswer.model_validate({
        "motifs": [{"cause": "c", "rows": ["a/F1/V1"], "line": "l", "kind": "check", "owner": "x.py"}],
        "skipped": [{"refused": "P1", "why": "w", "word": "fixtures"}],
        "dropped": [{"candidate": "d", "filter": "three batches", "reason": "two"}]})

    assert answer.motifs[0].kind == "check" and answer.skipped[0].word == "fixtures"


def test_a_kind_other_than_check_or_rule_is_refused():
    with pytest.raises(ValidationError):
        LearnAnswer.model_validate({"motifs": [{"cause": "c", "rows": [], "line": "l", "kind": "wish", "owner": "x"}]})
