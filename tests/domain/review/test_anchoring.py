"""The rules that decide which proposals stand: anchoring on the diff, dismissals, merging, ranking."""

import difflib

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.domain.review.anchoring import (
    Dropped,
    Proposal,
    anchor_finding,
    quote_matches,
    settle_findings,
)
from orkeon_engine.domain.review.findings import LENSES, SEVERITIES, DismissKey, Finding, rank_key

DIFF = parse_diff("""diff --git a/app.py b/app.py
--- a/app.py
+++ b/app.py
@@ -1,6 +1,8 @@
 import os
-def load(path):
+def load(path, mode="r"):
+    handle = open(path, mode)
+    data = handle.read()
     return None

 def save():
     pass
@@ -20,2 +22,3 @@
 x = 1
+y = x / 0
 z = 2
""")


def _proposal(line, quote, **extra):
    values = {"path": "app.py", "line": line, "quote": quote, "severity": "high", "lens": "correctness",
              "title": "the file is never closed"}
    values.update(extra)
    return Proposal(**values)


def test_a_quote_that_matches_its_added_line_stands_there():
    finding = anchor_finding(_proposal(3, "handle = open(path, mode)"), DIFF)

    assert isinstance(finding, Finding)
    assert (finding.line, finding.quote) == (3, "    handle = open(path, mode)")


def test_whitespace_is_folded_when_the_quote_is_compared():
    assert quote_matches("  data =   handle.read( ) ", "    data = handle.read( )")


@pytest.mark.parametrize("quote", [
    "+    handle = open(path, mode)",          # the diff's own marker copied
    "`handle = open(path, mode)`",            # in backticks
    "open(path, mode)",                       # a part of the line, long enough
    "def load(path):\n    handle = open(path, mode)",  # two lines, the first a removed one
])
def test_a_quote_copied_loosely_still_finds_its_line(quote):
    finding = anchor_finding(_proposal(3, quote), DIFF)

    assert isinstance(finding, Finding) and finding.line == 3


def test_a_short_fragment_must_be_the_whole_line_else_the_number_anchors_it():
    on_its_line = anchor_finding(_proposal(3, "open("), DIFF)
    on_context = anchor_finding(_proposal(5, "open("), DIFF)

    assert isinstance(on_its_line, Finding) and on_its_line.line == 3 and on_its_line.by_number
    assert isinstance(on_context, Dropped)


@pytest.mark.parametrize(("proposal", "kind"), [
    (_proposal(3, "handle = open(path, mode)", path="other.py"), "outside the diff"),
    (_proposal(12, "handle = open(path, mode)"), "not on a changed line"),
    (_proposal(5, "nothing like it"), "quote not found"),
])
def test_a_dropped_proposal_says_its_kind(proposal, kind):
    assert anchor_finding(proposal, DIFF).kind == kind


def test_a_merged_duplicate_is_kept_as_dropped_with_the_finding_it_joined():
    one = _proposal(3, "handle = open(path, mode)", lens="security")
    settled = settle_findings([_proposal(3, "handle = open(path, mode)"), one], DIFF)

    assert settled.merged == 1 and [d.kind for d in settled.dropped] == ["duplicate"]
    assert settled.dropped[0].reason.startswith(f"a duplicate of {settled.findings[0].id} (app.py:3)")


def test_a_quote_found_lower_in_the_hunk_moves_the_finding():
    finding = anchor_finding(_proposal(2, "data = handle.read()", end_line=2), DIFF)

    assert (finding.line, finding.end_line) == (4, 4)


def test_a_quote_copied_with_its_rendered_number_still_matches():
    finding = anchor_finding(_proposal(23, "    23 + y = x / 0"), DIFF)

    assert finding.line == 23


def test_a_path_outside_the_diff_is_dropped():
    outcome = anchor_finding(_proposal(3, "handle = open(path, mode)", path="other.py"), DIFF)

    assert isinstance(outcome, Dropped) and outcome.reason == "its path is not in the diff"


def test_a_quote_nowhere_in_the_hunk_is_dropped_unless_its_number_names_an_added_line():
    on_context = anchor_finding(_proposal(5, "os.remove(path)"), DIFF)
    on_added = anchor_finding(_proposal(3, "os.remove(path)"), DIFF)

    assert isinstance(on_context, Dropped) and on_context.reason == "its quote matches no changed line of its hunk"
    assert isinstance(on_added, Finding) and on_added.line == 3 and on_added.by_number
    assert on_added.quote == "    handle = open(path, mode)"  # the line's own text, not the model's quote


def test_a_quote_retyped_with_a_slip_moves_to_the_line_it_is_like():
    finding = anchor_finding(_proposal(2, "data = handel.read( )"), DIFF)

    assert isinstance(finding, Finding) and finding.line == 4 and not finding.by_number


def test_settling_counts_the_findings_anchored_by_number():
    settled = settle_findings([_proposal(3, "a line the model made up"), _proposal(4, "data = handle.read()")], DIFF)

    assert settled.by_number == 1 and len(settled.findings) == 2 and settled.dropped == ()


def test_a_quote_of_a_context_line_is_dropped():
    outcome = anchor_finding(_proposal(5, "return None"), DIFF)

    assert isinstance(outcome, Dropped)


def test_a_finding_on_the_line_that_stands_in_for_a_removal_stands_there():
    diff = parse_diff("diff --git a/s.py b/s.py\n--- a/s.py\n+++ b/s.py\n@@ -1,4 +1,2 @@\n def load(f):\n"
                      "-    if not f.exists():\n-        return []\n     return read(f)\n")

    outcome = anchor_finding(_proposal(2, "return read(f)", path="s.py"), diff)
    elsewhere = anchor_finding(_proposal(1, "def load(f):", path="s.py"), diff)

    assert isinstance(outcome, Finding) and outcome.line == 2
    assert isinstance(elsewhere, Dropped)


def test_a_line_outside_every_hunk_is_dropped():
    outcome = anchor_finding(_proposal(15, "handle = open(path, mode)"), DIFF)

    assert isinstance(outcome, Dropped) and "outside the changed lines" in outcome.reason


def test_a_quote_in_another_hunk_is_not_followed_there_the_number_stands():
    outcome = anchor_finding(_proposal(3, "y = x / 0"), DIFF)

    assert isinstance(outcome, Finding) and outcome.line == 3 and outcome.by_number


def test_an_empty_quote_is_dropped():
    assert isinstance(anchor_finding(_proposal(3, "  \n "), DIFF), Dropped)


def test_the_end_line_stays_within_the_hunk():
    finding = anchor_finding(_proposal(3, "handle = open(path, mode)", end_line=90), DIFF)

    assert finding.end_line == 8


def test_settling_counts_the_dropped_and_ranks_by_severity_then_lens():
    proposals = [
        _proposal(3, "handle = open(path, mode)", severity="low", lens="maintainability", title="a"),
        _proposal(23, "y = x / 0", severity="blocker", lens="correctness", title="division by zero"),
        _proposal(4, "data = handle.read()", severity="low", lens="security", title="b"),
        _proposal(5, "nothing like it"),
    ]

    settled = settle_findings(proposals, DIFF)

    assert [(f.severity, f.lens) for f in settled.findings] == [
        ("blocker", "correctness"), ("low", "security"), ("low", "maintainability")]
    assert len(settled.dropped) == 1


def test_the_same_title_from_two_lenses_on_one_line_is_merged_into_the_gravest():
    proposals = [
        _proposal(3, "handle = open(path, mode)", severity="medium", lens="performance", title="File never closed"),
        _proposal(3, "handle = open(path, mode)", severity="high", lens="correctness", title="file never closed!",
                  replacement="    with open(path, mode) as handle:"),
    ]

    settled = settle_findings(proposals, DIFF)

    assert settled.merged == 1
    assert [(f.lens, f.severity, f.also) for f in settled.findings] == [("correctness", "high", ("performance",))]


def test_a_later_pass_of_the_same_lens_on_the_same_line_is_merged():
    proposals = [
        _proposal(3, "handle = open(path, mode)", title="leaks the handle", pass_index=1),
        _proposal(3, "handle = open(path, mode)", title="the handle is not closed", pass_index=2),
    ]

    settled = settle_findings(proposals, DIFF)

    assert (len(settled.findings), settled.merged) == (1, 1)


def test_two_findings_of_one_pass_on_one_line_both_stand():
    proposals = [
        _proposal(3, "handle = open(path, mode)", title="leaks the handle"),
        _proposal(3, "handle = open(path, mode)", title="mode is not validated"),
    ]

    assert len(settle_findings(proposals, DIFF).findings) == 2


def test_a_dismissed_quote_is_not_raised_again():
    dismissed = frozenset({DismissKey.of("app.py", "handle = open(path,   mode)", "correctness")})

    settled = settle_findings([_proposal(3, "handle = open(path, mode)")], DIFF, dismissed)

    assert (settled.findings, settled.dismissed) == ((), 1)


def test_the_id_stays_when_the_finding_moves():
    finding = anchor_finding(_proposal(3, "handle = open(path, mode)"), DIFF)

    assert finding.moved(40).id == finding.id


# ---- generated diffs and proposals ---------------------------------------------------------------

LINE = st.text(alphabet="abcdefgh =()", min_size=1, max_size=10)


@st.composite
def diffs_with_proposals(draw):
    old = draw(st.lists(LINE, max_size=20))
    new = draw(st.lists(LINE, min_size=1, max_size=20))
    assume(old != new)
    text = "".join(difflib.unified_diff([f"{x}\n" for x in old], [f"{x}\n" for x in new], "a/f.py", "b/f.py"))
    proposals = draw(st.lists(st.builds(
        Proposal,
        path=st.sampled_from(["f.py", "b/f.py", "g.py"]),
        line=st.integers(min_value=-2, max_value=25),
        quote=st.one_of(st.sampled_from(new), LINE),
        severity=st.sampled_from(SEVERITIES),
        lens=st.sampled_from(LENSES),
        title=st.sampled_from(["leak", "race", "slow loop", "name"]),
        end_line=st.one_of(st.none(), st.integers(min_value=-2, max_value=30)),
        pass_index=st.integers(min_value=1, max_value=3),
    ), max_size=12))
    return parse_diff(text), new, proposals


@given(diffs_with_proposals())
@settings(max_examples=300)
def test_every_standing_finding_sits_on_a_pointable_line_that_it_quotes(case):
    diff, new, proposals = case

    settled = settle_findings(proposals, diff)

    for finding in settled.findings:
        line = diff.file(finding.path).pointable_line(finding.line)
        assert line is not None
        assert new[finding.line - 1] == finding.quote == line.text
        assert finding.line <= finding.end_line <= max(len(new), finding.line)


@given(diffs_with_proposals())
@settings(max_examples=300)
def test_every_proposal_is_kept_dropped_merged_or_dismissed(case):
    diff, _, proposals = case

    settled = settle_findings(proposals, diff)

    assert len(settled.findings) + len(settled.dropped) + settled.dismissed == len(proposals)
    assert settled.merged == sum(1 for d in settled.dropped if d.kind == "duplicate")


@given(diffs_with_proposals())
@settings(max_examples=300)
def test_a_proposal_outside_the_diff_never_stands(case):
    diff, _, proposals = case

    settled = settle_findings(proposals, diff)

    assert all(f.path == "f.py" for f in settled.findings)
    assert all(d.reason == "its path is not in the diff" for d in settled.dropped if d.proposal.path == "g.py")


@given(diffs_with_proposals())
@settings(max_examples=300)
def test_the_findings_are_ranked_and_no_two_are_duplicates(case):
    diff, _, proposals = case

    findings = settle_findings(proposals, diff).findings

    assert list(findings) == sorted(findings, key=rank_key)
    keys = [(f.path, f.line, f.title) for f in findings]
    assert len(keys) == len(set(keys))


@given(diffs_with_proposals())
@settings(max_examples=200)
def test_a_quote_that_matches_its_stated_added_line_is_never_moved(case):
    diff, _, proposals = case

    for proposal in proposals:
        file = diff.file(proposal.path)
        line = None if file is None else file.added_line(proposal.line)
        if line is not None and quote_matches(proposal.quote, line.text):
            assert anchor_finding(proposal, diff).line == proposal.line


GUARD = parse_diff("diff --git a/s.py b/s.py\n--- a/s.py\n+++ b/s.py\n@@ -1,5 +1,3 @@\n def load(f):\n"
                   "-    if not f.exists():\n-        return []\n     return read(f)\n \n")


@pytest.mark.parametrize("line", [1, 2, 3, 4])
def test_a_quote_of_a_removed_guard_is_judged_at_the_line_in_its_place_whatever_number_of_the_hunk(line):
    outcome = anchor_finding(_proposal(line, "if not f.exists():", path="s.py"), GUARD)

    assert isinstance(outcome, Finding) and (outcome.line, outcome.quote) == (2, "    return read(f)")


def test_a_quote_of_a_replaced_line_moves_to_the_first_line_added_in_its_place():
    outcome = anchor_finding(_proposal(1, "def load(path):"), DIFF)

    assert isinstance(outcome, Finding) and outcome.line == 2 and outcome.quote == 'def load(path, mode="r"):'


def test_a_quote_of_a_removed_line_is_not_followed_outside_the_hunk_its_number_names():
    outcome = anchor_finding(_proposal(15, "def load(path):"), DIFF)

    assert isinstance(outcome, Dropped)
