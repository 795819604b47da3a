"""How a review is shown: the location lines, the closing line, the ranked document and the JSON."""

from orkeon_engine.domain.anchoring import Dropped, Proposal
from orkeon_engine.domain.findings import Finding
from orkeon_engine.domain.review_report import (
    LensFailure,
    ReviewResult,
    closing_line,
    json_report,
    location_lines,
    ranked_markdown,
)

LEAK = Finding("src/b.py", 4, 4, "    handle = open(path)", "high", "correctness", "Never closed", "Use with.",
               replacement="    with open(path) as handle:")
NIT = Finding("src/a.py", 9, 9, "x=1", "nit", "maintainability", "Spacing", "")
LOW = Finding("src/b.py", 2, 2, "import os", "low", "security", "Unused import", "")
WRONG = Dropped(Proposal("src/b.py", 3, "nope", "high", "tests", "t"), "its quote matches no added line of its hunk")


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
    assert closing_line(_result()) == "3 findings (1 high, 1 low, 1 nit); 1 dropped; 2,400 tokens; $0.0031"


def test_the_closing_line_says_the_diff_was_cut_and_which_lens_failed():
    text = closing_line(_result(findings=(), cut_note="the diff was cut to fit the budget",
                                failures=(LensFailure("security", 1, "the reply was not valid JSON"),), cost=None))

    assert text.splitlines() == [
        "0 findings; 1 dropped; 2,400 tokens; cost unknown",
        "note: the diff was cut to fit the budget",
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
    assert report["dropped"][0]["reason"] == "its quote matches no added line of its hunk"
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
