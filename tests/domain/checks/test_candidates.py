from orkeon_engine.domain.checks.candidates import (
    CORE_CANDIDATES,
    MAX_CANDIDATES,
    NO_COUNT,
    Candidate,
    SuspectInputs,
    candidate_count,
    candidate_prompt,
    failing_count,
    failing_test_sources,
    none_passed_text,
    proved_text,
    read_candidate,
    shown_sources,
    suspect_files,
)
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, TurnCheck

ACCOUNT = (
    "from ledger.rates import FEE\n\n\n"
    "class Account:\n"
    "    def __init__(self, owner):\n        self.owner = owner\n        self.balance = 0\n\n"
    "    def deposit(self, amount):\n        if amount <= 0:\n            raise ValueError('amount')\n"
    "        self.balance += amount\n\n"
    "    def withdraw(self, amount):\n        if amount > self.balance:\n            raise ValueError('funds')\n"
    "        self.balance -= amount + FEE\n\n\n"
    "def total(accounts):\n    return sum(a.balance for a in accounts)\n\n\n"
    "def owners(accounts):\n    return [a.owner for a in accounts]\n"
)
RATES = "FEE = 1\n"
TEST = "from ledger.account import Account, total\n\n\ndef test_total():\n    assert total([]) == 0\n"
FILES = ("ledger/__init__.py", "ledger/account.py", "ledger/rates.py", "tests/test_account.py", "README.md")
FAILING = CheckOutcome(TurnCheck("python -m pytest -q", ("tests/test_account.py",)), "failed", 1,
                       "tests/test_account.py:5: in test_total\nE   assert 1 == 0\n1 failed, 3 passed in 0.02s")


def _inputs(**overrides):
    values = {"failure": FAILING.failure, "request": "the tests fail, fix it", "targets": ("tests/test_account.py",),
              "changed": (), "project_files": FILES, "texts": {"tests/test_account.py": TEST}}
    values.update(overrides)
    return SuspectInputs(**values)


def test_the_core_set_asks_for_four_candidates_unless_the_setting_says_otherwise():
    assert candidate_count(None, core=True) == CORE_CANDIDATES
    assert candidate_count(None, core=False) == 1
    assert candidate_count(2, core=False) == 2
    assert candidate_count(1, core=True) == 1
    assert candidate_count(50, core=True) == MAX_CANDIDATES
    assert candidate_count(True, core=False) == 1  # a boolean is no count


def test_suspects_are_the_modules_the_failing_test_imports_then_what_those_import():
    texts = {"tests/test_account.py": TEST, "ledger/account.py": ACCOUNT}

    assert suspect_files(_inputs(texts=texts)) == ("ledger/account.py", "ledger/rates.py")


def test_a_frame_of_the_project_comes_first_and_a_test_file_is_never_a_suspect():
    failure = ('File "/home/me/proj/ledger/rates.py", line 1, in <module>\n'
               'File "/home/me/proj/tests/test_account.py", line 5\nE   NameError')

    found = suspect_files(_inputs(failure=failure))

    assert found[0] == "ledger/rates.py"
    assert "tests/test_account.py" not in found


def test_a_javascript_test_leads_to_the_module_it_requires():
    texts = {"test/slugs.test.js": "const { slugify } = require('../slugs');\n"}
    inputs = _inputs(targets=("test/slugs.test.js",), project_files=("slugs.js", "test/slugs.test.js"), texts=texts,
                     failure="not ok 1 - slugify")

    assert suspect_files(inputs) == ("slugs.js",)


def test_the_prompt_shows_whole_files_while_they_fit_and_passes_over_one_too_long():
    shown = shown_sources(["big.py", "small.py"], {"big.py": "x" * 50, "small.py": "y = 1\n"}, budget=20)

    assert shown == {"small.py": "y = 1\n"}
    prompt = candidate_prompt("fix it", FAILING, shown)
    assert "$ python -m pytest -q\n(exit code 1)" in prompt and "small.py\n```python\ny = 1\n```" in prompt


PARAMETRIZED = (
    "import pytest\n\nfrom notifier import service\n\n\n"
    "@pytest.mark.parametrize(('hour', 'quiet'), [(21, False), (22, True)])\n"
    "def test_quiet_hours(hour, quiet):\n    assert service.in_quiet_hours(hour) is quiet\n\n\n"
    "class TestPlan:\n    def test_plan(self):\n        assert service.plan('hi', 12)\n\n\n"
    "def test_long():\n" + "".join(f"    step_{n} = {n}\n" for n in range(40)) + "    assert False\n"
)
PARAMETRIZED_FAILURE = CheckOutcome(TurnCheck("python -m pytest", ()), "failed", 1, (
    "--- test_quiet_hours[21-False]\nE   assert True is False\n"
    "FAILED tests/test_service.py::TestPlan::test_plan - AssertionError\n"
    "FAILED tests/test_service.py::test_quiet_hours[21-False] - assert True is False\n"
    "FAILED tests/test_service.py::test_quiet_hours[22-True] - assert False is True\n"
    "FAILED tests/test_service.py::test_long - assert False\n"
    "FAILED tests/test_gone.py::test_elsewhere - assert False\n"
    "3 failed, 1 passed in 0.02s"))


def test_the_failing_tests_are_shown_as_their_file_defines_them_decorators_included_each_once():
    shown = failing_test_sources(PARAMETRIZED_FAILURE, {"notifier/tests/test_service.py": PARAMETRIZED})

    assert list(shown) == ["notifier/tests/test_service.py::TestPlan.test_plan",
                           "notifier/tests/test_service.py::test_quiet_hours",
                           "notifier/tests/test_service.py::test_long"]
    assert shown["notifier/tests/test_service.py::test_quiet_hours"].startswith(
        "@pytest.mark.parametrize(('hour', 'quiet'), [(21, False), (22, True)])\ndef test_quiet_hours")
    assert shown["notifier/tests/test_service.py::TestPlan.test_plan"].startswith("    def test_plan(self):")
    long = shown["notifier/tests/test_service.py::test_long"].split("\n")
    assert len(long) == 31 and long[-1] == "[12 more lines]"


def test_a_failing_tap_test_is_shown_from_the_line_its_entry_locates_to_the_bracket_that_closes_it():
    test = ("const test = require('node:test');\n\n"
            "test('isValid accepts slugs only', () => {\n  assert.equal(isValid(''), false);\n});\n\n"
            "test('another', () => {});\n")
    failure = ("not ok 2 - isValid accepts slugs only\n  location: 'test/slugs.test.js:3:1'\n  error: |-\n"
               "    true !== false\n# fail 1")

    shown = failing_test_sources(CheckOutcome(TurnCheck("npm test"), "failed", 1, failure),
                                 {"test/slugs.test.js": test})

    assert shown == {"test/slugs.test.js::isValid accepts slugs only":
                     "test('isValid accepts slugs only', () => {\n  assert.equal(isValid(''), false);\n});"}


def test_the_prompt_shows_the_failing_tests_before_the_files_and_nothing_when_none_is_found():
    tests = failing_test_sources(PARAMETRIZED_FAILURE, {"tests/test_service.py": PARAMETRIZED})
    prompt = candidate_prompt("fix it", PARAMETRIZED_FAILURE, {"notifier/service.py": "x = 1\n"}, tests)

    assert prompt.index("The failing tests, as their files define them:") < prompt.index("The files:")
    assert "tests/test_service.py::test_quiet_hours\n```python\n@pytest.mark.parametrize" in prompt
    assert "failing tests, as" not in candidate_prompt("fix it", FAILING, {"a.py": "x = 1\n"},
                                                       failing_test_sources(FAILING, {}))


def test_a_function_rewritten_under_the_files_path_is_spliced_into_the_file():
    reply = ("ledger/account.py\n```python\ndef total(accounts):\n    return sum(a.balance for a in accounts "
             "if a.balance > 0)\n```\n")

    candidate = read_candidate(reply, {"ledger/account.py": ACCOUNT})

    assert isinstance(candidate, Candidate)
    text = candidate.texts["ledger/account.py"]
    assert "if a.balance > 0)" in text and "def owners(accounts):" in text and "class Account:" in text


def test_a_code_block_under_no_path_goes_to_the_one_file_that_defines_it():
    reply = ("The owners, sorted.\n```python\ndef owners(accounts):\n    return sorted(a.owner for a in accounts)\n"
             "```")

    candidate = read_candidate(reply, {"ledger/account.py": ACCOUNT, "ledger/rates.py": RATES})

    assert isinstance(candidate, Candidate)
    assert set(candidate.texts) == {"ledger/account.py"}
    assert "return sorted(a.owner" in candidate.texts["ledger/account.py"]


def test_search_replace_blocks_are_placed_in_the_shown_file_named_by_its_ending():
    reply = ("account.py\n<<<<<<< SEARCH\n        self.balance -= amount + FEE\n=======\n"
             "        self.balance -= amount\n>>>>>>> REPLACE\n")

    candidate = read_candidate(reply, {"ledger/account.py": ACCOUNT})

    assert isinstance(candidate, Candidate)
    assert "self.balance -= amount\n" in candidate.texts["ledger/account.py"]


def test_a_candidate_never_changes_a_test_and_one_that_only_does_is_none():
    reply = "tests/test_account.py\n```python\ndef test_total():\n    assert True\n```\n"

    found = read_candidate(reply, {"ledger/account.py": ACCOUNT, "tests/test_account.py": TEST})

    assert found == "tests/test_account.py: a test file"


def test_a_block_for_a_file_not_shown_or_that_breaks_the_syntax_is_left_out():
    outside = read_candidate("../../outside/secret.py\n```python\nFEE = 2\n```\n", {"ledger/rates.py": RATES})
    broken = read_candidate("ledger/rates.py\n```python\nFEE = (\n```\n", {"ledger/rates.py": RATES})

    assert outside == "../../outside/secret.py: not one of the files shown"
    assert isinstance(broken, str) and "does not parse" in broken


def test_a_reply_that_writes_the_file_as_it_is_changes_nothing():
    assert read_candidate("ledger/rates.py\n```python\nFEE = 1\n```\n", {"ledger/rates.py": RATES}) == (
        "the reply changes no shown file")


def test_the_closest_failure_is_the_one_with_the_fewest_failing_tests():
    def outcome(text):
        return CheckOutcome(FAILING.check, "failed", 1, text)

    assert failing_count(outcome("2 failed, 1 error in 0.1s")) == 3
    assert failing_count(outcome("# tests 5\n# fail 2\n")) == 2
    assert failing_count(outcome("Segmentation fault")) == NO_COUNT


def test_the_answers_name_the_check_that_proved_the_change_or_the_closest_failure():
    proof = (FAILING.__class__(TurnCheck("python -m pytest -q tests/test_account.py"), "passed", 0),
             FAILING.__class__(TurnCheck("python -m pytest -q"), "passed", 0))

    said = proved_text(["ledger/account.py"], proof, 2, 4, "-a\n+b")

    assert said.startswith("Changed ledger/account.py: candidate 2 of the 4 changes asked for passes "
                           "`python -m pytest -q tests/test_account.py` and `python -m pytest -q`, in a scratch copy")
    none = none_passed_text(4, 3, FAILING)
    assert "4 asked for, 3 tried" in none and "1 failed, 3 passed" in none and "changed no file" in none


def test_with_nothing_tying_the_failure_to_a_file_the_projects_code_is_shown():
    inputs = _inputs(failure="Segmentation fault", targets=(), texts={})

    assert suspect_files(inputs) == ("ledger/__init__.py", "ledger/account.py", "ledger/rates.py")
