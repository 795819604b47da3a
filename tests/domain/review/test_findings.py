"""Findings: stable ids, severities and their order, the round trip through a dict."""

from dataclasses import replace

from orkeon_engine.domain.review.findings import (
    DismissKey,
    Finding,
    at_or_above,
    by_location,
    finding_id,
    parse_severity,
    ranked,
)

LEAK = Finding("src/app.py", 4, 4, "    handle = open(path)", "high", "correctness", "Never closed", "detail")


def test_the_id_folds_whitespace_in_the_quote_and_the_title():
    assert finding_id("a.py", "x  =  1", "tests", "No  Test") == finding_id("a.py", " x = 1", "tests", "no test")


def test_the_id_changes_with_the_lens():
    assert finding_id("a.py", "x", "tests", "t") != finding_id("a.py", "x", "security", "t")


def test_a_finding_survives_its_dict_round_trip():
    assert Finding.from_dict(LEAK.to_dict()) == LEAK


def test_a_dict_with_an_unknown_severity_is_refused():
    data = {**LEAK.to_dict(), "severity": "critical"}

    try:
        Finding.from_dict(data)
    except ValueError as error:
        assert "critical" in str(error)
    else:
        raise AssertionError("an unknown severity was accepted")


def test_severities_parse_without_regard_to_case():
    assert [parse_severity(s) for s in ("BLOCKER", " nit ", "major")] == ["blocker", "nit", None]


def test_at_or_above_compares_gravity():
    assert [at_or_above(s, "medium") for s in ("blocker", "medium", "low")] == [True, True, False]


def test_moving_keeps_the_span_length():
    moved = Finding("a", 3, 5, "q", "low", "tests", "t", "").moved(10)

    assert (moved.line, moved.end_line) == (10, 12)


def test_ranked_orders_by_severity_then_lens_and_by_location_by_path_then_line():
    nit = Finding("a.py", 9, 9, "q", "nit", "correctness", "n", "")
    sec = Finding("b.py", 1, 1, "q", "high", "security", "s", "")
    findings = [nit, sec, LEAK]

    assert (ranked(findings), by_location(findings)) == ((LEAK, sec, nit), (nit, sec, LEAK))


def test_a_dismiss_key_folds_the_quote():
    assert DismissKey.of("a", "  x   = 1", "tests") == DismissKey("a", "x = 1", "tests")


def test_a_capped_finding_keeps_its_cap_through_the_dict_round_trip():
    capped = replace(LEAK, severity="low", capped_from="high", cap_reason="severity capped: the change to x.py "
                                                                          "only changes its layout")

    again = Finding.from_dict(capped.to_dict())

    assert (again.capped_from, again.cap_reason) == ("high", capped.cap_reason)
    assert capped.to_dict()["capped"] == {"from": "high", "reason": capped.cap_reason}
