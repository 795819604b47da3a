"""The steps of a plan-mode answer: numbered items first, else top-level bullets; details, code and
emphasis left out; hostile text bounded."""

from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.crews.main_loop.plan_steps import MAX_STEPS, STEP_CHARS, plan_steps


def test_numbered_items_are_the_steps_in_order_without_their_details():
    answer = ("Here is the plan.\n\n1. Read **parser.py** and its tests\n   - note the entry points\n"
              "2) Split `parse` in two\n3. Run the tests\n\nRisks: none.")

    assert plan_steps(answer) == ("Read parser.py and its tests", "Split `parse` in two", "Run the tests")


def test_top_level_bullets_are_the_steps_when_nothing_is_numbered():
    assert plan_steps("Plan:\n- add the flag\n  - with a default\n* document it\n") == ("add the flag",
                                                                                     "document it")


def test_items_inside_a_code_block_are_not_steps():
    answer = "1. Run this:\n```\n2. not a step\n- nor this\n```\n2. Check the output"

    assert plan_steps(answer) == ("Run this:", "Check the output")


def test_an_answer_without_a_list_has_no_steps():
    assert plan_steps("The module is fine as it is; no change is needed.") == ()


@given(st.text(max_size=2000))
def test_any_text_gives_at_most_the_cap_of_short_non_empty_steps(answer):
    steps = plan_steps(answer)

    assert len(steps) <= MAX_STEPS
    assert all(step and len(step) <= STEP_CHARS and "\n" not in step for step in steps)


@given(st.lists(st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=40)
                .map(str.strip).filter(lambda s: s and "**" not in s and "__" not in s),
                min_size=1, max_size=10))
def test_a_numbered_list_gives_back_each_item(items):
    answer = "\n".join(f"{number}. {item}" for number, item in enumerate(items, 1))

    assert plan_steps(answer) == tuple(items)
