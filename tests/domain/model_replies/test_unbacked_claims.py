"""Nothing claimed that did not happen (issue 50 point 5)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.model_replies.unbacked_claims import NO_CHANGE, NO_RUN, unbacked_claims, with_claims_checked


@pytest.mark.parametrize("answer", [
    "I fixed the comparison in calc.py.", "I've added a function `average` to stats.py.",
    "The default port has been updated to 8080.", "I made the change you asked for.",
    "We have now refactored the parser.", "Added a `median` function to stats.py.",
    "Done. Fixed the off-by-one in calc.py.", "Changes:\n- Updated calc.py to skip negatives",
    "The bug is now fixed.",
])
def test_a_claimed_change_with_no_file_changed_is_said_plainly(answer):
    assert unbacked_claims(answer, (), ran=False) == (NO_CHANGE,)
    assert unbacked_claims(answer, ("/workspace/calc.py",), ran=False) == ()


@pytest.mark.parametrize("answer", ["I ran the tests and they pass.", "All the tests now pass.",
                                    "I've executed `make test`.", "The test passes now.", "I tested it.",
                                    "After running the tests, the output is clean.", "The test suite succeeds."])
def test_a_claimed_run_with_no_command_run_is_said_plainly(answer):
    assert NO_RUN in unbacked_claims(answer, ("/workspace/a.py",), ran=False)
    assert NO_RUN not in unbacked_claims(answer, (), ran=True)


@pytest.mark.parametrize("answer", [
    "I will fix the comparison once you agree.", "Should I add a test?", "The port is 8731.",
    "Run `pytest` to check; nothing changed yet.",
    "```python\n# I fixed the bug\n```", "The function `fixed_point` returns a number.",
    "Updated file: calc.py", "Here is the updated file.", "The lines added here are new.",
])
def test_a_plan_a_question_or_code_is_no_claim(answer):
    assert unbacked_claims(answer, (), ran=False) == ()


def test_the_sentence_follows_the_answer():
    assert with_claims_checked("I fixed it.", (), ran=False) == f"I fixed it.\n\n{NO_CHANGE}"
    assert with_claims_checked("I fixed it.", ("/workspace/a.py",), ran=False) == "I fixed it."


@given(st.text(max_size=300))
def test_any_answer_is_read_without_raising(answer):
    assert set(unbacked_claims(answer, (), ran=False)) <= {NO_CHANGE, NO_RUN}
