import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.dev.review import (
    MAX_FINDINGS,
    ReviewFinding,
    ReviewRecord,
    ReviewScope,
    check_cite,
    fold_target,
    opened_paths,
    parse_review,
    read_review_answer,
    render_review,
)
from orkeon_engine.domain.dev.sections import DevFileError
from tests.support.dev_strategies import reviews
from tests.support.strategies import json_values

SCOPE = ReviewScope(".orkeon/work/cart/spec.md", 80, frozenset(range(1, 14)), ("spec", "UC1", "UC2", "BR1"), "spec",
                    frozenset({"src/cart/store.py"}), {"src/cart/store.py": 60})


def _answer(*findings):
    return json.dumps({"findings": list(findings)})


def _item(**fields):
    base = {"severity": "Blocking", "target": "UC2", "cites": "§5",
            "question": "Is a saved cart kept for thirty days or until checkout?"}
    return base | fields


def test_a_finding_that_holds_is_kept_as_given():
    read = read_review_answer(_answer(_item()), SCOPE)

    assert read.findings == (ReviewFinding("Blocking", "UC2", "Is a saved cart kept for thirty days or until "
                                           "checkout?", "§5"),)


def test_blocking_comes_first_and_twelve_at_most_stand():
    items = [_item(severity="Major", target="BR1")] + [_item() for _ in range(MAX_FINDINGS)]

    read = read_review_answer(_answer(*items), SCOPE)

    assert len(read.findings) == MAX_FINDINGS and {f.severity for f in read.findings} == {"Blocking"}
    assert read.dropped[-1].startswith("beyond the 12 heaviest")


@pytest.mark.parametrize(("raw", "target"), [("UC2 (step 3)", "UC2"), ("uc2", "UC2"), ("the spec", "spec"),
                                             ("BR1: its origin", "BR1")])
def test_a_target_is_folded_to_the_one_id_it_names(raw, target):
    assert fold_target(raw, SCOPE) == (target, "")


@pytest.mark.parametrize(("raw", "why"), [("UC1, BR1", "names 2 ids"), ("UC9", "UC9 is no id"),
                                          ("the checkout", "names no id")])
def test_a_target_naming_two_ids_or_none_drops_the_finding(raw, why):
    target, said = fold_target(raw, SCOPE)

    assert target is None and why in said


@pytest.mark.parametrize(("raw", "cite"), [
    ("§5", "§5"), ("section 6", "§6"), ("spec.md §2", "§2"), ("src/cart/store.py:41", "src/cart/store.py:41"),
    ("/workspace/src/cart/store.py:41-45", "src/cart/store.py:41"), ("`spec.md:12`", ".orkeon/work/cart/spec.md:12"),
])
def test_a_cite_is_a_section_or_a_line_of_a_file_opened(raw, cite):
    assert check_cite(raw, SCOPE) == (cite, "")


@pytest.mark.parametrize(("raw", "why"), [
    ("§14", "has no section 14"), ("src/other.py:3", "did not open"), ("src/cart/store.py:61", "has no line 61"),
    ("spec.md:81", "has no line 81"),
    ("somewhere", "neither path:line nor a section"), ("", "neither"),
])
def test_a_cite_the_reviewer_cannot_show_drops_the_finding(raw, why):
    cite, said = check_cite(raw, SCOPE)

    assert cite is None and why in said


@pytest.mark.parametrize(("fields", "why"), [
    ({"question": "The cart is kept."}, "does not end in a question"),
    ({"question": "Is it kept? For how long?"}, "more than one sentence"),
    ({"severity": "Minor"}, "neither Blocking nor Major"),
    ({"target": "UC1 and BR1"}, "names 2 ids"),
])
def test_a_finding_that_breaks_a_rule_is_dropped_with_its_reason(fields, why):
    read = read_review_answer(_answer(_item(**fields)), SCOPE)

    assert read.findings == () and why in read.dropped[0]


def test_an_empty_list_is_a_clear_review():
    read = read_review_answer("Nothing is left open.\n```json\n{\"findings\": []}\n```", SCOPE)

    assert read.findings == () and read.dropped == ()


def test_an_answer_without_a_findings_list_is_not_read():
    assert read_review_answer("The spec looks fine to me.", SCOPE) is None


@given(json_values)
def test_any_json_answer_is_read_without_raising(value):
    read = read_review_answer(json.dumps({"findings": value}), SCOPE)

    assert read is None or len(read.findings) <= MAX_FINDINGS


@given(st.text(max_size=300))
def test_any_text_answer_is_read_without_raising(text):
    read_review_answer(text, SCOPE)


def test_the_files_opened_are_those_the_opening_tools_were_given():
    calls = [("file_read", {"path": "/workspace/src/a.py"}), ("node_read", {"path": "./src/b.py"}),
             ("codebase_search", {"query": "cart"}), ("file_read", {"path": 3})]

    assert opened_paths(calls) == frozenset({"src/a.py", "src/b.py"})


@given(reviews)
def test_any_review_record_reads_back_as_written(record):
    assert parse_review(render_review(record)) == record


def test_a_review_without_findings_is_clear_and_says_so():
    record = ReviewRecord("cart", ".orkeon/work/cart/spec.md", "c1 dev-reviewer")

    assert "Verdict: CLEAR\n" in render_review(record) and record.summary() == "review CLEAR: no question left open"


def test_a_review_that_could_not_run_says_why():
    record = ReviewRecord("cart", "spec.md", "c1 dev-reviewer", failure="the reviewer's budget ran out")

    assert "Verdict: NOT RUN — the reviewer's budget ran out" in render_review(record)
    assert record.summary() == "review not run (the reviewer's budget ran out)"


def test_a_file_without_a_verdict_is_refused():
    with pytest.raises(DevFileError, match="no `Verdict: CLEAR"):
        parse_review("# Review of cart (spec.md)\n\n## Findings\n\n## Dropped\n")
