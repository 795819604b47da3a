from orkeon_engine.crews.dev_implement.prompts import check_refuted, correction_request, green_request, red_request
from orkeon_engine.domain.dev.batch_run import Cycle, correction_step
from orkeon_engine.domain.dev.plan import PlanStep

CYCLE = Cycle(1, "tests/test_saved.py", ("tests/test_saved.py::test_save",),
              (PlanStep("Save a cart", ("UC1",), ("tests/test_saved.py::test_save",), ()),))


def test_the_red_request_names_its_cycle_tests_and_sheet_and_ends_with_the_stale_lines():
    text = red_request("F1", "# Sheet F1\n", CYCLE, 2, ("stale: Q? — a.py:1",))

    assert text.startswith("RED: the test must fail first. Batch F1, cycle 1 of 2: tests/test_saved.py.")
    assert "1. Save a cart (tests: tests/test_saved.py::test_save)" in text and "# Sheet F1" in text
    assert text.rstrip().endswith("stale: Q? — a.py:1")


def test_the_green_request_without_stale_lines_ends_with_its_request():
    assert green_request("F1", CYCLE, 2).rstrip().endswith("the rest of the suite stays green.")


def test_a_correction_names_its_appended_step_and_its_rows():
    rows = ("Major · shop/a.py:2 · x",)

    text = correction_request("F1", correction_step(rows), rows)

    assert "Correction: settle Major · shop/a.py:2 · x" in text and "- Major · shop/a.py:2 · x" in text


def test_a_refuted_check_shows_its_command_and_the_end_of_its_output():
    text = check_refuted("GREEN", "make test", [f"l{n}" for n in range(50)], "exited 1")

    assert text.startswith("Code checked your GREEN: `make test` exited 1.\nl10\n") and "l49" in text
