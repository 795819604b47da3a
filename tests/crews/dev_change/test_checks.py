import pytest

from orkeon_engine.crews.dev_change.checks import missing_test, run_stop
from orkeon_engine.domain.dev.brief import RunRecord

FILES = {"tests/test_cart.py"}


@pytest.mark.parametrize(("kind", "code", "said"), [
    ("bug", 0, "not reproduced"), ("bug", 127, "could not run"), ("bug", None, "timed out"),
    ("perf", 2, "not measured"),
])
def test_a_run_that_shows_nothing_stops_the_step(kind, code, said):
    assert said in run_stop(kind, RunRecord("pytest x", code, 10))


@pytest.mark.parametrize(("kind", "code"), [("bug", 1), ("perf", 0)])
def test_a_failing_reproduction_and_a_measurement_that_ran_go_on(kind, code):
    assert run_stop(kind, RunRecord("pytest x", code, 10)) == ""


def test_a_test_that_exists_is_no_problem():
    assert missing_test("tests/test_cart.py::test_total", FILES, "def test_total():\n") == ""


@pytest.mark.parametrize(("ref", "text", "said"), [
    ("tests/test_other.py::test_x", None, "no file of the project"),
    ("tests/test_cart.py::test_discount", "def test_total_discount():\n", "holds no test named test_discount"),
    ("tests/test_cart.py::test_total", None, "holds no test named"),
])
def test_a_test_the_model_invented_is_named_as_such(ref, text, said):
    assert said in missing_test(ref, FILES, text)
