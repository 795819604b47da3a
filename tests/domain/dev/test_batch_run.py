from orkeon_engine.domain.dev.batch_run import (
    correction_step,
    cycles,
    new_assumptions,
    next_batch,
    production_changes,
    stale_lines,
    stated_assumptions,
)
from orkeon_engine.domain.dev.plan import Batch, PlanStep
from orkeon_engine.domain.dev.review import ReviewFinding, ReviewRecord


def _step(what, *tests):
    return PlanStep(what, (), tests, ())


def test_a_cycle_is_the_steps_on_one_test_file_in_the_order_first_named():
    batch = Batch("F1", "t", "g", steps=(_step("a", "tests/test_a.py::one"), _step("b", "tests/test_b.py::two"),
                                         _step("c", "tests/test_a.py::three", "tests/test_a.py::one")))

    found = cycles(batch)

    assert [(c.number, c.test_file, c.tests, [s.what for s in c.steps]) for c in found] == [
        (1, "tests/test_a.py", ("tests/test_a.py::one", "tests/test_a.py::three"), ["a", "c"]),
        (2, "tests/test_b.py", ("tests/test_b.py::two",), ["b"])]


def test_the_next_batch_is_the_first_whose_dependencies_closed():
    batches = (Batch("F1", "a", ""), Batch("F2", "b", "", ("F1",)), Batch("F3", "c", ""))

    assert next_batch(batches, {"F1"}).id == "F2"
    assert next_batch(batches, set(), skip={"F1"}).id == "F3"
    assert next_batch(batches, {"F1", "F2", "F3"}) is None


def test_each_major_row_of_a_review_is_a_stale_line_with_its_evidence():
    review = ReviewRecord("cart", "sheets/F1.md", "inline dev-reviewer", (
        ReviewFinding("Major", "F1", "Is the order kept,\nyes or no?", "shop/cart.py:4"),
        ReviewFinding("Blocking", "F1", "Who may save?", "§2")))

    assert stale_lines(review) == ("stale: Is the order kept, yes or no? — shop/cart.py:4",)
    assert stale_lines(None) == ()


def test_a_correction_is_one_more_step_naming_every_row():
    assert correction_step(["Major · a.py:1 · x", "Blocking · b.py:2 · y"]).what == \
        "Correction: settle Major · a.py:1 · x; Blocking · b.py:2 · y"


def test_an_assumption_is_recorded_once_and_never_one_the_sheet_holds():
    stated = stated_assumptions("Done.\nAssumption: prices in cents\n  Assumption: prices in cents\nAssumption: a")

    assert stated == ("prices in cents", "a")
    assert new_assumptions(stated, ("a",), "sheet text") == ("prices in cents",)
    assert new_assumptions(stated, (), "- Assumption: prices in cents") == ("a",)


def test_a_red_may_touch_tests_and_orkeons_folders_only():
    changed = ["tests/test_a.py", "shop/a.py", ".orkeon/work/x/batches-state.md", "README.md"]

    assert production_changes(changed, (".orkeon/work", ".orkeon/local")) == ("shop/a.py", "README.md")
