import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.dev.proposals import (
    LearnRow,
    Motif,
    ProposalBook,
    by_axis,
    check_motif,
    parse_proposals,
    render_proposals,
    untreated_rows,
)
from orkeon_engine.domain.dev.sections import DevFileError
from orkeon_engine.domain.dev.verdict import Verdict, VerdictRow
from tests.support.dev_strategies import proposal_books

ROWS = {row.id: row for row in (
    LearnRow("a/F1/V1", "tests", "Major", "t.py:1", "x"), LearnRow("a/F2/V1", "tests", "Major", "t.py:2", "y"),
    LearnRow("b/F1/V2", "tests", "Minor", "t.py:3", "z"), LearnRow("a/F1/V2", "tests", "Minor", "t.py:4", "w"))}
FILES = {"tests/test_architecture.py", "AGENTS.md"}


def _motif(rows=("a/F1/V1", "a/F2/V1", "b/F1/V2"), owner="tests/test_architecture.py", line="a test calls it"):
    return Motif("Tests that call nothing.", rows, line, "check", owner)


@given(proposal_books())
def test_proposals_read_back_as_code_wrote_them(book):
    assert parse_proposals(render_proposals(book)) == book


@given(st.text(max_size=300))
def test_any_text_either_reads_as_proposals_or_is_refused_naming_the_file(text):
    try:
        parse_proposals(text, "PROPOSALS.md")
    except DevFileError as error:
        assert str(error).startswith("PROPOSALS.md: ")


def test_the_untreated_rows_are_named_by_work_batch_and_number_and_the_treated_left_out():
    verdict = Verdict("cart", "F2", "GAPS", rows=(VerdictRow("Major", "code", "a.py:1", "x", treated=True),
                                                  VerdictRow("Minor", "reuse", "a.py:2", "y")))

    rows = untreated_rows([verdict])

    assert [(r.id, r.batch) for r in rows] == [("cart/F2/V2", "cart/F2")]
    assert list(by_axis(rows)) == ["reuse"]


def test_a_motif_over_three_batches_with_an_owner_of_the_project_is_kept():
    motif, why = check_motif(_motif(), "tests", ROWS, FILES)

    assert why == "" and motif.rows == ("a/F1/V1", "a/F2/V1", "b/F1/V2")


@pytest.mark.parametrize(("motif", "filter_"), [
    (_motif(rows=("a/F1/V1", "a/F1/V2", "a/F2/V1")), "three batches"),
    (_motif(rows=("a/F1/V1", "a/F2/V1", "c/F9/V9")), "rows"),
    (_motif(owner="docs/rules.md"), "owner"),
    (_motif(line=""), "complete"),
    (_motif(line="x" * 401), "line"),
])
def test_a_motif_that_fails_a_filter_is_dropped_naming_it(motif, filter_):
    kept, why = check_motif(motif, "tests", ROWS, FILES)

    assert kept is None and f"(filter: {filter_})" in why


def test_a_heading_with_an_unknown_status_is_refused():
    text = render_proposals(ProposalBook()).replace("# Proposals\n", "# Proposals\n\n## P1 · tests · maybe\nx\n")

    with pytest.raises(DevFileError, match="no `## P<n> · <axis> · proposed|accepted|refused` heading"):
        parse_proposals(text)


def test_the_next_id_follows_the_highest_one_when_one_was_deleted_by_hand():
    from orkeon_engine.domain.dev.proposals import Proposal

    kept = tuple(Proposal(pid, "tests", "proposed", "c", "l", "check", "AGENTS.md", ("a/F1/V1",))
                 for pid in ("P1", "P3"))

    assert ProposalBook(kept).next_id() == "P4" and ProposalBook(kept).next_id(1) == "P5"
