import pytest

from orkeon_engine.domain.checks.project_tooling import detect_zones
from orkeon_engine.domain.checks.turn_checks import (
    CheckOutcome,
    TurnCheck,
    budget_left,
    check_line,
    choose_check,
    covering_tests,
    failure_input,
    imports_module,
    is_fix_request,
    module_names,
    reproduce_input,
    request_targets,
    short_reason,
    worth_checking,
)
from orkeon_engine.domain.model.act import ActResult, Budget, ToolCallRecord
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.tool_call import ToolResult

PYTEST = detect_zones(["pyproject.toml"], {"pyproject.toml": "[tool.pytest.ini_options]\n"})
MAKE = detect_zones(["pyproject.toml", "Makefile"], {"pyproject.toml": "[project]\n", "Makefile": "test:\n\tx\n"})
CHECK = TurnCheck("python -m pytest -q tests/test_cart.py", ("tests/test_cart.py",))


@pytest.mark.parametrize("request_text", ["fix the parser", "the tests fail", "test_total is failing",
                                          "why does it crash?", "there is a bug in cart.py"])
def test_a_request_to_fix_something_is_read_as_one(request_text):
    assert is_fix_request(request_text)


@pytest.mark.parametrize("request_text", ["add a prefix option", "write a fixture for the db", "explain cart.py"])
def test_other_requests_are_not(request_text):
    assert not is_fix_request(request_text)


def test_prose_and_orkeons_own_files_are_not_worth_a_check():
    assert not worth_checking(["README.md", ".orkeon/config.json", "docs/notes.txt"])
    assert worth_checking(["README.md", "shop/cart.py"])


def test_a_module_is_imported_by_its_dotted_name_with_or_without_its_source_folder():
    assert module_names("src/shop/cart.py") == ("src.shop.cart", "shop.cart", "cart")
    assert module_names("shop/__init__.py") == ("shop",)


@pytest.mark.parametrize("text", ["import shop.cart\n", "from shop.cart import total\n", "from shop import cart\n",
                                  "from shop import (tax,\n    cart)\n", "from cart import total\n",
                                  "import os, shop.cart as c\n"])
def test_the_ways_a_test_imports_a_module(text):
    assert imports_module(text, "shop/cart.py")


@pytest.mark.parametrize("text", ["import shop.carts\n", "from shop import cartography\n", "# from cart import x\n"])
def test_names_that_only_look_alike_are_not_imports(text):
    assert not imports_module(text, "shop/cart.py")


def test_the_tests_named_after_a_change_come_before_those_importing_it():
    texts = {"tests/test_cart.py": "", "tests/test_checkout.py": "from shop.cart import total\n",
             "tests/test_tax.py": "import os\n"}

    found = covering_tests(["shop/cart.py"], texts, list(texts))

    assert found == ("tests/test_cart.py", "tests/test_checkout.py")


def test_a_request_points_at_the_test_functions_and_files_it_names():
    texts = {"tests/test_cart.py": "def test_total():\n    pass\n", "tests/test_tax.py": "def test_rate(): ...\n"}
    files = ["shop/cart.py", "shop/tax.py", *texts]

    targets = request_targets("fix test_total, and tax.py fails too", files, texts)

    assert targets == ("tests/test_cart.py::test_total", "tests/test_tax.py")


def test_a_request_naming_no_project_file_points_at_nothing():
    assert request_targets("fix cart.py; rm -rf /", ["shop/tax.py"], {}) == ()


def test_the_check_is_the_runner_narrowed_to_the_targets():
    assert choose_check(PYTEST, ["tests/test_cart.py"]) == CHECK


def test_without_targets_or_a_narrowable_runner_the_check_is_the_whole_test_command():
    assert choose_check(PYTEST) == TurnCheck("python -m pytest")
    assert choose_check(MAKE, ["tests/test_cart.py"]) == TurnCheck("make test", ("tests/test_cart.py",))


def test_a_project_stating_no_test_command_has_no_check():
    assert choose_check(detect_zones(["go.sum"], {})) is None


def test_a_target_leaving_the_workspace_falls_back_to_the_whole_command():
    assert choose_check(PYTEST, ["../etc/passwd"]) == TurnCheck("python -m pytest")


def test_a_failure_goes_to_the_model_with_its_command_and_exit_code():
    text = failure_input(CheckOutcome(CHECK, "failed", 1, "E   assert 1 == 2"))

    assert "$ python -m pytest -q tests/test_cart.py\n(exit code 1)\nE   assert 1 == 2" in text


def test_a_check_passing_before_any_change_is_said_so():
    assert "`python -m pytest -q tests/test_cart.py` passes" in reproduce_input(CheckOutcome(CHECK, "passed", 0))


@pytest.mark.parametrize(("outcome", "line"), [
    (CheckOutcome(CHECK, "passed", 0), "checked: python -m pytest -q tests/test_cart.py passed"),
    (CheckOutcome(CHECK, "failed", 2), "checked: python -m pytest -q tests/test_cart.py failed (exit code 2)"),
    (CheckOutcome(CHECK, "unchecked", reason="nobody answered"),
     "unchecked: the change was not checked; python -m pytest -q tests/test_cart.py did not run (nobody answered)"),
])
def test_the_closing_line_names_the_check_and_how_it_ended(outcome, line):
    assert check_line(outcome) == line


def test_a_gate_refusal_is_cut_to_what_happened():
    reason = "refused: the call needed the person's approval and nobody answered; change approach, or say so"

    assert short_reason(reason) == "the call needed the person's approval and nobody answered"


def _spent(calls: int, tokens: int = 0) -> ActResult:
    record = ToolCallRecord("1", "file_write", {}, None, ToolResult("ok"))
    return ActResult("done", (record,) * calls, Usage(input_tokens=tokens), 2, ())


def test_the_budget_left_is_the_turns_less_what_was_spent():
    left = budget_left(Budget(tool_calls=10, seconds=100, context_tokens=1000), _spent(3, 400), 30)

    assert left == Budget(tool_calls=7, seconds=70, context_tokens=600)


def test_a_spent_limit_leaves_no_round():
    assert budget_left(Budget(tool_calls=3), _spent(3), 0) is None
