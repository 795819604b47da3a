import pytest
from hypothesis import given, settings

from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN
from orkeon_engine.domain.dev.plan import (
    Anchor,
    blocking_gate,
    coverage,
    is_doc_path,
    parse_anchor,
    parse_plan,
    plain,
    render_plan,
)
from orkeon_engine.domain.dev.sections import DevFileError
from tests.support.dev_strategies import plans


def test_a_plan_is_written_in_eight_numbered_sections_with_its_status_and_build_command():
    text = render_plan(SAMPLE_PLAN)

    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[0] == "## 1. Approach" and headings[-1] == "## 8. Decisions" and len(headings) == 8
    assert "Status: READY — every batch may run\nBuild and tests: make test" in text
    assert "- F2 · Saving carts in the guide · documentation — after F1 — ready" in text


def test_the_coverage_names_each_ids_tests_and_code_owner():
    rows = {row.id: row for row in coverage(SAMPLE_PLAN)}

    assert rows["UC1"].tests == ("tests/test_saved.py::test_a_cart_is_saved (F1 S1)",)
    assert rows["UC1"].owners == ("new:shop/saved.py", "I2")


def test_a_blocked_plan_marks_every_batch_line_blocked():
    import dataclasses

    text = render_plan(dataclasses.replace(SAMPLE_PLAN, blockers=("Q1 (Blocking question)",)))

    assert "- F1 · Save a cart — blocked" in text
    assert "Status: BLOCKED — Q1 (Blocking question); /dev-plan cart-save --replace rewrites the plan" in text


@settings(max_examples=40)
@given(plans())
def test_any_plan_reads_back_as_written_its_steps_left_to_the_sheets(plan):
    assert parse_plan(render_plan(plan)) == plan.without_steps()


def test_a_file_that_is_no_plan_is_refused_naming_it():
    with pytest.raises(DevFileError, match="notes.md: it does not open with `# Plan <code>: <title>`"):
        parse_plan("# Notes\n", "notes.md")


def test_a_status_line_naming_something_else_is_refused():
    text = render_plan(SAMPLE_PLAN).replace("Status: READY — every batch may run", "Status: GREEN")

    with pytest.raises(DevFileError, match="its status line 'Status: GREEN'"):
        parse_plan(text)


def test_anchors_read_back_by_their_prefix():
    assert [parse_anchor(text) for text in ("I3", "new:a/b.py", "file:README.md")] == [
        Anchor("ref", "I3"), Anchor("new", "a/b.py"), Anchor("file", "README.md")]


def test_a_title_loses_the_marks_that_separate_a_batch_lines_parts():
    assert plain("Save · restore — a cart") == "Save - restore - a cart"


def test_documentation_is_told_by_its_folder_or_its_format():
    assert [is_doc_path(p) for p in ("docs/x.py", "README.md", "shop/cart.py")] == [True, True, False]


def test_the_gate_names_each_open_blocking_question_and_ignores_major_ones():
    refusal = blocking_gate("spec.md", "cart-save", [("Q1", "Blocking", "May a guest save?"), ("Q2", "Major", "?")])

    assert refusal.startswith("spec.md has 1 open Blocking question (Q1: May a guest save?)")
    assert "/dev-spec cart-save" in refusal and "Q2" not in refusal
