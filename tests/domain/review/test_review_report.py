"""How a review is shown: the location lines, the closing line, the ranked document and the JSON."""

from dataclasses import replace

from orkeon_engine.domain.review.anchoring import DUPLICATE, QUOTE_NOT_FOUND, Dropped, Proposal
from orkeon_engine.domain.review.behaviour_neutral import FileChange
from orkeon_engine.domain.review.findings import Finding
from orkeon_engine.domain.review.review_report import (
    FAIL_ON_EXIT,
    FAILED_RUN_EXIT,
    LensFailure,
    ReviewResult,
    closing_line,
    dropped_lines,
    json_report,
    location_lines,
    ranked_markdown,
)

LEAK = Finding("src/b.py", 4, 4, "    handle = open(path)", "high", "correctness", "Never closed", "Use with.",
               replacement="    with open(path) as handle:")
NIT = Finding("src/a.py", 9, 9, "x=1", "nit", "maintainability", "Spacing", "")
LOW = Finding("src/b.py", 2, 2, "import os", "low", "security", "Unused import", "")
WRONG = Dropped(Proposal("src/b.py", 3, "nope", "high", "tests", "t"), "its quote matches no changed line of its hunk",
                QUOTE_NOT_FOUND)


def _result(**extra):
    values = {"scope": "the staged changes", "files": ("src/a.py", "src/b.py"), "findings": (LEAK, LOW, NIT),
              "dropped": (WRONG,), "tokens": 2400, "cost": 0.0031}
    values.update(extra)
    return ReviewResult(**values)


def test_location_lines_are_sorted_by_path_then_line():
    assert location_lines([LEAK, LOW, NIT]) == (
        "src/a.py:9: nit [maintainability] Spacing",
        "src/b.py:2: low [security] Unused import",
        "src/b.py:4: high [correctness] Never closed",
    )


def test_the_closing_line_counts_by_severity_dropped_tokens_and_cost():
    assert closing_line(_result()) == ("3 findings (1 high, 1 low, 1 nit); 1 dropped (1 quote not found); "
                                       "2,400 tokens; $0.0031")


def test_the_closing_line_says_the_diff_was_cut_and_which_lens_failed():
    text = closing_line(_result(findings=(), cut_note="the diff was cut to fit the budget",
                                failures=(LensFailure("security", 1, "the reply was not valid JSON"),), cost=None))

    assert text.splitlines() == [
        "0 findings; 1 dropped (1 quote not found); 2,400 tokens; cost unknown",
        "note: the diff was cut to fit the budget",
        "partial review: no valid answer from security",
        "security (pass 1): no valid answer (the reply was not valid JSON)",
    ]


def test_the_document_ranks_findings_by_severity():
    rows = [line for line in ranked_markdown(_result()).splitlines() if line.startswith("| ") and "|---" not in line]

    assert [row.split(" | ")[1] for row in rows[1:]] == ["high", "low", "nit"]


def test_the_document_shows_the_suggested_replacement():
    assert "    with open(path) as handle:" in ranked_markdown(_result())


def test_a_threshold_fails_only_with_a_finding_at_or_above_it():
    result = _result()

    assert [result.fails(t) for t in ("blocker", "high", None)] == [False, True, False]


def test_the_json_report_carries_the_ranked_findings_and_the_dropped_reasons():
    report = json_report(_result())

    assert [f["severity"] for f in report["findings"]] == ["high", "low", "nit"]
    assert report["dropped"][0]["reason"] == "its quote matches no changed line of its hunk"
    assert report["counts"]["high"] == 1


def test_the_closing_line_names_the_files_left_out_for_secrets():
    result = ReviewResult(scope="the staged changes", files=("app.py",), findings=(), withheld=(".env", "key.pem"))

    assert closing_line(result).splitlines()[-1] == "note: left out, as they usually hold secrets: .env, key.pem"


def test_a_review_where_no_lens_answered_fails_ci():
    failures = tuple(LensFailure(lens, 1, "not JSON") for lens in ("correctness", "security"))
    result = ReviewResult(scope="s", files=("a.py",), findings=(), failures=failures,
                          lenses=("correctness", "security"))

    assert result.fails("high") and not result.fails(None)


def test_a_review_with_one_lens_answering_and_no_finding_passes_ci():
    result = ReviewResult(scope="s", files=("a.py",), findings=(),
                          failures=(LensFailure("security", 1, "not JSON"),), lenses=("correctness", "security"))

    assert not result.fails("high")


ALL_FAILED = ReviewResult(scope="s", files=("a.py",), findings=(), lenses=("correctness", "security"),
                          failures=tuple(LensFailure(lens, 1, "the model call failed: refused")
                                         for lens in ("correctness", "security")))
ONE_FAILED = ReviewResult(scope="s", files=("a.py",), findings=(), lenses=("correctness", "security"),
                          failures=(LensFailure("security", 1, "the model call failed: refused"),))


def test_a_review_where_no_lens_answered_has_failed_and_exits_three_with_or_without_a_threshold():
    assert ALL_FAILED.failed and ALL_FAILED.status == "failed"
    assert [ALL_FAILED.exit_code(t) for t in (None, "nit", "blocker")] == [FAILED_RUN_EXIT] * 3
    assert FAILED_RUN_EXIT not in (0, FAIL_ON_EXIT)


def test_the_closing_line_of_a_failed_review_opens_with_the_failure_and_names_each_lens():
    lines = closing_line(ALL_FAILED).splitlines()

    assert lines[0].startswith("review failed: no lens gave a valid answer (2 of 2 calls)")
    assert lines[1:] == ["correctness (pass 1): no valid answer (the model call failed: refused)",
                         "security (pass 1): no valid answer (the model call failed: refused)"]


def test_a_partial_review_is_partial_and_exits_by_its_findings_alone():
    assert (ONE_FAILED.status, ONE_FAILED.failed_lenses, ONE_FAILED.exit_code("nit")) == ("partial", ("security",), 0)


def test_the_json_report_says_the_status_and_the_failed_lenses():
    report = json_report(ONE_FAILED)

    assert (report["status"], report["failed_lenses"]) == ("partial", ["security"])


def test_the_json_report_lists_the_files_the_budget_left_out_with_their_kind():
    report = json_report(ReviewResult(scope="s", files=("a.py", "dist/b.js"), findings=(),
                                      left_out=(("dist/b.js", "generated"),)))

    assert report["left_out"] == [{"path": "dist/b.js", "kind": "generated"}]


def test_the_closing_line_counts_the_dropped_by_kind_and_verbose_lists_each():
    twice = Dropped(Proposal("src/a.py", 9, "x=1", "nit", "tests", "Spacing"), "a duplicate of abc (src/a.py:9)",
                    DUPLICATE)
    result = _result(dropped=(WRONG, twice, WRONG))

    assert closing_line(result).startswith("3 findings (1 high, 1 low, 1 nit); 3 dropped (2 quote not found, "
                                           "1 duplicate); ")
    assert dropped_lines(result)[1] == ("dropped: src/a.py:9 [tests] Spacing: duplicate "
                                        "(a duplicate of abc (src/a.py:9))")
    assert json_report(result)["dropped_counts"] == {"quote not found": 2, "not on a changed line": 0,
                                                     "outside the diff": 0, "duplicate": 1}


def test_the_closing_line_says_how_many_findings_stand_by_their_line_number():
    result = ReviewResult("the staged changes", ("app.py",), (), by_number=2)

    assert "2 anchored by line number (quote off)" in closing_line(result)
    assert json_report(result)["anchored_by_number"] == 2


CAPPED = replace(LOW, capped_from="medium", cap_reason="severity capped: the change to src/b.py only renames "
                                                       "`a` to `b`")
NEUTRAL = FileChange("src/b.py", "rename-only", "the change to src/b.py only renames `a` to `b`")


def test_the_closing_line_counts_the_capped_findings():
    result = ReviewResult(scope="s", files=("src/b.py",), findings=(CAPPED, LEAK), neutral=(NEUTRAL,))

    assert "1 capped at low (behaviour-neutral change)" in closing_line(result)


def test_the_document_says_why_a_severity_was_capped():
    result = ReviewResult(scope="s", files=("src/b.py",), findings=(CAPPED,), neutral=(NEUTRAL,))

    assert "severity capped: the change to src/b.py only renames `a` to `b` (the lens said medium)" \
        in ranked_markdown(result)


def test_the_json_report_carries_the_cap_and_the_neutral_files():
    report = json_report(ReviewResult(scope="s", files=("src/b.py",), findings=(CAPPED,), neutral=(NEUTRAL,)))

    assert (report["capped"], report["findings"][0]["capped"]["from"]) == (1, "medium")
    assert report["neutral_files"] == [{"path": "src/b.py", "kind": "rename-only",
                                        "reason": "the change to src/b.py only renames `a` to `b`"}]
