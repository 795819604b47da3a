"""The SARIF 2.1.0 log of a review, checked against the structure the specification requires."""

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.review.findings import LENSES, SEVERITIES, Finding
from orkeon_engine.domain.review.review_report import LensFailure
from orkeon_engine.domain.review.sarif import FINGERPRINT_KEY, sarif_log
from tests.support.sarif_schema import SARIF_2_1_0_STRUCTURE

LEAK = Finding("src/app.py", 4, 5, "    handle = open(path)", "high", "correctness", "The file is never closed",
               "Use a with block.", replacement="    with open(path) as handle:\n")
NIT = Finding("docs/a.md", 1, 1, "# title", "nit", "maintainability", "Title case", "")


def test_a_log_of_findings_fits_the_sarif_structure():
    jsonschema.validate(sarif_log([LEAK, NIT], "0.1.0"), SARIF_2_1_0_STRUCTURE)


def test_an_empty_review_is_still_a_log_with_one_run():
    log = sarif_log([], "")

    jsonschema.validate(log, SARIF_2_1_0_STRUCTURE)
    assert log["runs"][0]["results"] == []


def test_severities_map_to_sarif_levels():
    levels = [r["level"] for r in sarif_log([LEAK, NIT], "0.1.0")["runs"][0]["results"]]

    assert levels == ["error", "note"]


def test_a_result_points_at_its_rule_its_lines_and_its_id():
    log = sarif_log([LEAK], "0.1.0")
    run = log["runs"][0]
    result = run["results"][0]

    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "correctness"
    assert result["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 4, "endLine": 5, "snippet": {"text": "    handle = open(path)"}}
    assert result["partialFingerprints"][FINGERPRINT_KEY] == LEAK.id


def test_a_replacement_becomes_a_fix_of_the_quoted_lines():
    fix = sarif_log([LEAK], "0.1.0")["runs"][0]["results"][0]["fixes"][0]

    assert fix["artifactChanges"][0]["replacements"][0] == {
        "deletedRegion": {"startLine": 4, "endLine": 5},
        "insertedContent": {"text": "    with open(path) as handle:"}}


def test_a_review_that_ran_says_its_invocation_succeeded():
    invocation = sarif_log([LEAK], "0.1.0")["runs"][0]["invocations"][0]

    assert invocation == {"executionSuccessful": True}


def test_a_failed_review_is_an_unsuccessful_invocation_with_an_error_per_failed_lens():
    failures = [LensFailure("correctness", 1, "the model call failed: refused"),
                LensFailure("security", 1, "the model call failed: refused")]

    log = sarif_log([], "0.1.0", failures, successful=False)

    jsonschema.validate(log, SARIF_2_1_0_STRUCTURE)
    invocation = log["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    assert [(n["level"], n["associatedRule"]["id"]) for n in invocation["toolExecutionNotifications"]] == [
        ("error", "correctness"), ("error", "security")]
    assert invocation["toolExecutionNotifications"][1]["message"]["text"] == (
        "security (pass 1): no valid answer (the model call failed: refused)")


def test_a_partial_review_succeeds_with_a_warning_for_the_lens_that_failed():
    log = sarif_log([LEAK], "0.1.0", [LensFailure("tests", 2, "not JSON")])

    notification = log["runs"][0]["invocations"][0]["toolExecutionNotifications"][0]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert notification["level"] == "warning"
    assert rules[notification["associatedRule"]["index"]]["id"] == "tests"


def test_the_structure_check_catches_a_misspelt_property():
    log = sarif_log([LEAK], "0.1.0")
    log["runs"][0]["results"][0]["mesage"] = log["runs"][0]["results"][0].pop("message")

    try:
        jsonschema.validate(log, SARIF_2_1_0_STRUCTURE)
    except jsonschema.ValidationError:
        return
    raise AssertionError("a result without its message passed the check")


FINDINGS = st.lists(st.builds(
    Finding,
    path=st.text(alphabet="abc/._-", min_size=1, max_size=12),
    line=st.integers(min_value=1, max_value=10_000),
    end_line=st.integers(min_value=1, max_value=10_000),
    quote=st.text(max_size=30),
    severity=st.sampled_from(SEVERITIES),
    lens=st.one_of(st.sampled_from(LENSES), st.text(alphabet="xyz", min_size=1, max_size=4)),
    title=st.text(min_size=1, max_size=20),
    detail=st.text(max_size=20),
    replacement=st.one_of(st.none(), st.text(max_size=20)),
), max_size=8)


@settings(deadline=None)  # jsonschema over eight findings can pass 200 ms on a busy machine
@given(FINDINGS)
def test_any_findings_give_a_log_that_fits_the_structure(findings):
    findings = [f.moved(f.line, max(f.line, f.end_line)) for f in findings]

    jsonschema.validate(sarif_log(findings, "0.1.0"), SARIF_2_1_0_STRUCTURE)
