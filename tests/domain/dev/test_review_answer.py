from orkeon_engine.domain.dev.review_answer import ReviewAnswer


def test_an_answer_without_findings_is_an_empty_list():
    assert ReviewAnswer.model_validate_json("{}").findings == []


def test_a_finding_keeps_its_four_fields():
    answer = ReviewAnswer.model_validate(
        {"findings": [{"severity": "Major", "target": "UC1", "cites": "§5", "question": "Kept?"}]})

    assert answer.findings[0].cites == "§5"
