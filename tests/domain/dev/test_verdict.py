import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.verdict import (
    Check,
    CiteScope,
    Undecided,
    Verdict,
    VerdictRow,
    capture_file,
    check_cite,
    judged,
    mark_treated,
    parse_verdict,
    ranked,
    render_verdict,
    verdict_file,
)
from tests.support.dev_strategies import verdicts

CAPTURE = ".orkeon/work/cart/capture/F1/suite.txt"
SCOPE = CiteScope({"shop/cart.py": 10, CAPTURE: 4}, {"suite.txt": CAPTURE, "capture/F1/suite.txt": CAPTURE,
                                                     CAPTURE: CAPTURE})
GAPS = Verdict("cart", "F1", "GAPS", "Save a cart", "c2 dev-auditor",
               (Check("build", "ok", "`make build` passed", ".orkeon/work/cart/capture/F1/build.txt"),
                Check("conventions", "not checked", "left to the auditor")),
               (VerdictRow("Blocking", "code", "shop/cart.py:3", "A restored cart loses its lines."),
                VerdictRow("Minor", "reuse", CAPTURE, "The total is summed by hand.", treated=True)),
               (Undecided("conventions", "the project states none"),),
               ("cite x.py:1 names a file that does not exist",))


@given(verdicts())
def test_a_verdict_reads_back_as_code_wrote_it(verdict):
    assert parse_verdict(render_verdict(verdict)) == verdict


@given(st.text(max_size=300))
def test_any_text_either_reads_as_a_verdict_or_is_refused_naming_the_file(text):
    try:
        parse_verdict(text, "verdicts/F1.md")
    except DevFileError as error:
        assert str(error).startswith("verdicts/F1.md: ")


def test_a_verdict_is_written_with_its_checks_rows_undecided_axes_and_what_was_dropped():
    text = render_verdict(GAPS)

    assert text.startswith("# Verdict F1 of cart: GAPS\n\nBatch: Save a cart\nAuditor: c2 dev-auditor\n"
                           "Summary: 1 Blocking, 0 Major, 1 Minor\n")
    assert "### V1 · Blocking · code\nA restored cart loses its lines.\n- Cites: shop/cart.py:3\n- Treated: no" in text
    assert "- conventions · not checked · left to the auditor · —" in text
    assert "## 3. Undecided\n\n- conventions: the project states none" in text


def test_a_verdict_whose_rows_contradict_its_name_is_refused():
    text = render_verdict(GAPS).replace("Verdict F1 of cart: GAPS", "Verdict F1 of cart: VALID")

    with pytest.raises(DevFileError, match="it reads VALID but its rows make it GAPS"):
        parse_verdict(text, "verdicts/F1.md")


def test_an_unknown_axis_is_refused_naming_the_axes():
    text = render_verdict(GAPS).replace("### V1 · Blocking · code", "### V1 · Blocking · style")

    with pytest.raises(DevFileError, match="names the axis 'style'; expected one of build, tests"):
        parse_verdict(text, "verdicts/F1.md")


def test_a_blocked_verdict_needs_its_reason():
    text = render_verdict(Verdict("cart", "F1", "BLOCKED", reason="the suite timed out")).replace(
        "Reason: the suite timed out\n", "")

    with pytest.raises(DevFileError, match="no `Reason:` line"):
        parse_verdict(text)


@pytest.mark.parametrize(("severities", "expected"), [((), "VALID"), (("Minor", "Minor"), "VALID"),
                                                      (("Minor", "Major"), "GAPS"), (("Blocking",), "GAPS")])
def test_one_blocking_or_major_row_makes_the_verdict_gaps(severities, expected):
    assert judged([VerdictRow(s, "code", "a.py:1", "x") for s in severities]) == expected


def test_the_rows_are_ranked_most_severe_first_and_cut_at_eight():
    rows = [VerdictRow("Minor", "code", "a.py:1", f"minor {n}") for n in range(8)]
    rows.append(VerdictRow("Major", "reuse", "a.py:2", "major"))

    kept, left = ranked(rows)

    assert kept[0].text == "major" and len(kept) == 8
    assert left == ("beyond the 8 most severe: Minor · code · minor 7",)


@pytest.mark.parametrize(("cite", "expected"), [
    ("shop/cart.py:10", ("shop/cart.py:10", "")),
    ("`/workspace/shop/cart.py:2-4`", ("shop/cart.py:2-4", "")),
    ("suite.txt", (CAPTURE, "")),
    ("capture/F1/suite.txt:4", (f"{CAPTURE}:4", "")),
    ("shop/cart.py:11", (None, "cite shop/cart.py:11 is past the end of shop/cart.py (10 lines)")),
    ("shop/cart.py:0", (None, "cite shop/cart.py:0 is past the end of shop/cart.py (10 lines)")),
    ("shop/store.py:1", (None, "cite shop/store.py:1 names a file that does not exist")),
    ("../etc/passwd:1", (None, "cite ../etc/passwd:1 leaves the workspace")),
    ("the cart module", (None, "cite the cart module is neither a path:line nor a capture file")),
])
def test_a_cite_holds_only_when_its_file_and_line_exist(cite, expected):
    assert check_cite(cite, SCOPE) == expected


def test_rows_marked_treated_keep_everything_else():
    treated = mark_treated(GAPS, [1])

    assert [row.treated for row in treated.rows] == [True, True]
    assert treated == dataclasses.replace(GAPS, rows=(dataclasses.replace(GAPS.rows[0], treated=True), GAPS.rows[1]))


def test_the_verdict_and_capture_files_live_under_the_works_folder():
    assert (verdict_file("F2"), capture_file("F2", "suite")) == ("verdicts/F2.md", "capture/F2/suite.txt")


def test_the_correction_is_the_blocking_and_major_rows():
    assert GAPS.correction == (GAPS.rows[0],)
