import dataclasses

from orkeon_engine.crews.dev_plan.prompt_catalogue import SAMPLE_PLAN
from orkeon_engine.domain.dev.plan import Anchor, Batch, DesignRule, PlanStep
from orkeon_engine.domain.dev.plan_checks import PlanContext, naming_problem, plan_problems

CONTEXT = PlanContext(ids=("UC1", "BR1"), open_questions=("Q2",),
                      files=frozenset({"shop/cart.py", "tests/test_cart.py", "README.md", "docs/guide.md"}),
                      indexed=frozenset({"shop/cart.py", "tests/test_cart.py"}), test_files=("tests/test_cart.py",))


def _problems(plan, texts=()):
    return plan_problems(plan, CONTEXT, texts)


def test_the_sample_plan_has_no_gap():
    assert _problems(SAMPLE_PLAN) == []


def test_a_path_line_of_the_models_own_is_refused():
    assert _problems(SAMPLE_PLAN, [("F1 S1", "edit shop/cart.py:12")]) == [
        "F1 S1 names shop/cart.py:12, a path:line of its own: anchor through the inventory's refs"]


def test_a_file_to_create_that_exists_and_an_existing_file_the_index_holds_are_refused():
    step = PlanStep("Keep it", ("UC1",), ("tests/test_cart.py::test_kept",),
                    (Anchor("new", "README.md"), Anchor("file", "shop/cart.py"), Anchor("file", "gone.py")))
    plan = dataclasses.replace(SAMPLE_PLAN, batches=(dataclasses.replace(SAMPLE_PLAN.batches[0], steps=(
        step, SAMPLE_PLAN.batches[0].steps[1])), SAMPLE_PLAN.batches[1]))

    problems = _problems(plan)

    assert "F1 S1 anchors new:README.md: it exists already: anchor it through its inventory ref, or as file:<path>" \
        in problems
    assert "F1 S1 anchors file:shop/cart.py: the code index holds it: anchor it through its inventory ref" in problems
    assert "F1 S1 anchors file:gone.py: no such file exists (a file to create is new:<path>)" in problems


def test_a_batch_with_one_step_and_one_after_a_later_batch_are_refused():
    first = dataclasses.replace(SAMPLE_PLAN.batches[0], after=("F2",), steps=SAMPLE_PLAN.batches[0].steps[:1])
    plan = dataclasses.replace(SAMPLE_PLAN, batches=(first, SAMPLE_PLAN.batches[1]))

    problems = _problems(plan)

    assert "F1 has 1 steps; a batch holds 2 to 5 (code adds the build-and-tests step)" in problems
    assert "F1 comes after F2, which is no earlier batch" in problems


def test_two_batches_in_one_file_must_depend_on_one_another():
    second = Batch("F2", "Restore", "", (), SAMPLE_PLAN.batches[0].steps)
    plan = dataclasses.replace(SAMPLE_PLAN, batches=(SAMPLE_PLAN.batches[0], second, dataclasses.replace(
        SAMPLE_PLAN.batches[1], id="F3")))

    assert "F2 works in shop/cart.py, shop/saved.py as F1 does, so it must come after F1" in _problems(plan)


def test_documentation_outside_its_batch_is_refused():
    step = PlanStep("Say it", ("UC1",), ("tests/test_cart.py::test_said",), (Anchor("file", "README.md"),
                                                                              Anchor("ref", "I2")))
    plan = dataclasses.replace(SAMPLE_PLAN, batches=(dataclasses.replace(SAMPLE_PLAN.batches[0], steps=(
        step, SAMPLE_PLAN.batches[0].steps[1])), SAMPLE_PLAN.batches[1]))

    assert "F1 S1 touches README.md: documentation goes in a batch of its own" in _problems(plan)


def test_an_id_without_a_step_and_an_id_the_source_lacks_are_refused():
    context = dataclasses.replace(CONTEXT, ids=("UC1", "BR1", "UC2"))

    problems = plan_problems(SAMPLE_PLAN, context, ())

    assert problems == ["UC2 has no test: no step proves it"]


def test_an_id_proved_only_by_tests_and_docs_has_no_code_owner():
    step = PlanStep("Test it", ("BR1",), ("tests/test_cart.py::test_kept",), (Anchor("ref", "I3"),))
    plan = dataclasses.replace(SAMPLE_PLAN, batches=(dataclasses.replace(SAMPLE_PLAN.batches[0], steps=(
        SAMPLE_PLAN.batches[0].steps[0], step)), SAMPLE_PLAN.batches[1]))

    assert "BR1 has no code owner: no step proving it anchors code" in _problems(plan)


def test_a_design_rule_twice_without_reason_and_an_assumption_settling_an_open_question_are_refused():
    rules = (DesignRule("Keep it small.", ("F1",), "it is"), DesignRule("keep it small.", (), ""),
             DesignRule("Log everything.", ("F7",), "why not"))
    plan = dataclasses.replace(SAMPLE_PLAN, rules=rules, assumptions=("Guests may save, which settles Q2.",))

    problems = _problems(plan)

    assert "DR2 repeats a design rule already applied or set aside: keep it small." in problems
    assert "DR2 gives no reason for being set aside" in problems
    assert "DR3 is applied in F7, which is no batch" in problems
    assert "the assumption 'Guests may save, which settles Q2.' settles Q2, a question the source leaves open" \
        in problems


def test_tests_are_named_as_the_repository_names_its_tests():
    assert [naming_problem(ref, CONTEXT) for ref in (
        "tests/test_cart.py::test_total", "tests/test_new.py::test_x", "tests/test_cart.py", "shop/cart.py::test_x",
        "checks/test_new.py::test_x", "tests/test_new.py::check_x", "tests/helper.py::test_x")] == [
        "", "", "is not named as path::name", "lives in shop/cart.py, which is no test file",
        "names a new file in checks, where the project keeps no tests",
        "is named check_x; the project's Python tests start with test", ""]
