from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.agents.children import (
    ChildIdError,
    ChildRecord,
    child_label,
    is_child_label,
    named_question,
    parse_child_label,
    report_document,
    report_for_parent,
    ticket_text,
)
from orkeon_engine.domain.model.chat import Usage

WHEN = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def _record(**fields):
    values = {"id": 3, "session_id": "s1", "charter": "dev-reviewer", "mode": "plan", "brief": "Review plan.md",
              "state": "done", "started": WHEN, "usage": Usage(1000, 234, cost=0.0123),
              "report": "Step 2 has no test (plan.md:4)."}
    return ChildRecord(**{**values, **fields})


@given(st.integers(min_value=1, max_value=10**12 - 1))
def test_a_label_reads_back_as_its_id(number):
    assert parse_child_label(child_label(number)) == number


@given(st.text(max_size=20))
def test_any_text_parses_to_an_id_or_fails_with_the_shape_of_one(text):
    try:
        number = parse_child_label(text)
    except ChildIdError as error:
        assert "a child's id is `c` and its number" in str(error)
    else:
        assert number > 0 and is_child_label(text)


def test_a_label_is_read_in_any_case_and_blanks_around_it_are_ignored():
    assert parse_child_label(" C12 ") == 12


@pytest.mark.parametrize("text", ["t3", "c", "c0", "c-1", "3", "c3x"])
def test_what_is_not_a_childs_id_is_refused(text):
    with pytest.raises(ChildIdError, match=repr(text)):
        parse_child_label(text)


def test_a_crews_id_is_not_a_childs():
    assert (is_child_label("c3"), is_child_label("t3")) == (True, False)


def test_the_parent_reads_the_state_the_usage_and_the_report():
    text = report_for_parent(_record())

    assert text == "c3 dev-reviewer done (1,234 tokens, $0.0123)\n\nStep 2 has no test (plan.md:4)."


def test_a_child_that_left_no_report_says_so_and_why():
    text = report_for_parent(_record(state="failed", report="", detail="the budget is spent"))

    assert text.endswith(": the budget is spent\n\n(it left no report)")


def test_a_ticket_names_the_child_and_where_its_report_goes():
    assert ticket_text("c4", "dev-auditor").startswith("ticket c4: dev-auditor started in the background. Its "
                                                       "report goes to the person")


def test_a_question_carries_the_childs_name():
    assert named_question("c3 dev-reviewer", "Allow file_read?") == "[c3 dev-reviewer] Allow file_read?"


def test_the_report_document_opens_with_the_report_then_how_the_child_ran():
    title, content = report_document(_record(step="dev-plan", parent="/dev-plan (t2)", previous=1))

    assert title == "c3 dev-reviewer report"
    assert content.startswith("Step 2 has no test (plan.md:4).\n\n---\n\n- state: done\n- mode: plan, step dev-plan")
    assert "- started by: /dev-plan (t2)\n- a new run of c1\n" in content


def test_a_running_child_counts_its_time_to_now():
    record = _record(state="running")

    assert record.elapsed_seconds(WHEN + timedelta(seconds=90)) == 90 and record.running
