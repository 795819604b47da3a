from orkeon_engine.domain.checks.candidates import (
    CHECK_FLOOR_SECONDS,
    CORE_CANDIDATES,
    MAX_CANDIDATES,
    NO_COUNT,
    UNCHANGED,
    Candidate,
    SuspectInputs,
    candidate_count,
    candidate_prompt,
    check_seconds,
    failing_count,
    failing_test_sources,
    none_passed_text,
    proved_text,
    read_candidate,
    same_code,
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


SLUGS = ("'use strict';\n\nconst MAX_LENGTH = 41;\n\nfunction slugify(title) {\n  return title.toLowerCase();\n}\n\n"
         "function isValid(slug) {\n  if (slug.length > MAX_LENGTH) {\n    return false;\n  }\n  return true;\n}\n\n"
         "module.exports = { MAX_LENGTH, slugify, isValid };\n")
WORDS = "function countWords(slug) {\n  return slug.split('-').length;\n}\n\nmodule.exports = { countWords };\n"


def test_a_javascript_function_written_alone_is_spliced_into_its_file():
    under_path = read_candidate("slugs.js\n```javascript\nconst MAX_LENGTH = 40;\n```\n",
                                {"slugs.js": SLUGS, "words.js": WORDS})
    under_no_path = read_candidate(
        "Fixed:\n```javascript\nfunction isValid(slug) {\n  return slug.length <= MAX_LENGTH;\n}\n```\n",
        {"slugs.js": SLUGS, "words.js": WORDS})

    assert isinstance(under_path, Candidate) and isinstance(under_no_path, Candidate)
    assert under_path.texts == {"slugs.js": SLUGS.replace("MAX_LENGTH = 41", "MAX_LENGTH = 40")}
    assert set(under_no_path.texts) == {"slugs.js"}
    assert "return slug.length <= MAX_LENGTH;\n}\n\nmodule.exports" in under_no_path.texts["slugs.js"]
    assert "function slugify(title) {" in under_no_path.texts["slugs.js"]


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


def test_a_reply_that_changes_only_blank_lines_is_no_change():
    source = "def area(width, height):\n    return width + height\n\n\ndef zero():\n    return 0\n"
    spaced = "calc.py\n```python\n" + source.replace("\n\n\n", "\n\n").replace("height\n", "height   \n") + "```"

    assert read_candidate(spaced, {"calc.py": source}) == UNCHANGED
    assert same_code(source, source.replace("\n\n\n", "\n")) and not same_code(source, source.replace("+", "*"))


def test_a_candidates_check_may_run_ten_times_the_failing_checks_time_within_a_floor_and_a_ceiling():
    assert check_seconds(0.4, 600.0) == CHECK_FLOOR_SECONDS
    assert check_seconds(30.0, 600.0) == 300.0
    assert check_seconds(120.0, 600.0) == 600.0


def test_a_diagnosis_before_the_code_quoting_the_faulty_line_is_not_taken_for_the_change():
    reply = ("The test expects `withdraw(5)` to leave 5, but ledger/account.py takes the fee as well. This line is "
             "wrong:\n```python\n        self.balance -= amount + FEE\n```\n"
             "ledger/account.py\n```python\nclass Account:\n    def withdraw(self, amount):\n"
             "        if amount > self.balance:\n            raise ValueError('funds')\n"
             "        self.balance -= amount\n```\n")

    candidate = read_candidate(reply, {"ledger/account.py": ACCOUNT, "ledger/rates.py": RATES})

    assert isinstance(candidate, Candidate)
    assert candidate.texts == {"ledger/account.py": ACCOUNT.replace("amount + FEE", "amount")}


PRICING_TESTS = ("import pytest\n\nfrom pricing import tags\n\n\ndef test_tags_start_fresh_at_each_call():\n"
                 "    first = tags('Red Shoe')\n    second = tags('Red Shoe')\n"
                 "    assert (first, second) == (['red', 'shoe'], ['red', 'shoe'])\n\n\n"
                 "class TestTags:\n    @pytest.mark.parametrize('name', ['Hat'])\n    def test_one(self, name):\n"
                 "        assert tags(name) == ['hat']\n\n\ndef test_passing():\n    assert True\n")
TAGS_FAILURE = CheckOutcome(TurnCheck("python -m pytest", ()), "failed", 1, (
    ">       assert (first, second) == (['red', 'shoe'], ['red', 'shoe'])\nE       AssertionError\n"
    "FAILED tests/test_pricing.py::test_tags_start_fresh_at_each_call - AssertionError: ...\n"
    "FAILED tests/test_pricing.py::TestTags::test_one[Hat] - AssertionError\n"
    "FAILED tests/test_gone.py::test_x - AssertionError\n2 failed, 1 passed in 0.02s"))


def test_the_failing_python_tests_are_shown_as_their_file_defines_them_set_up_included():
    shown = failing_test_sources(TAGS_FAILURE, {"tests/test_pricing.py": PRICING_TESTS})

    assert list(shown) == ["tests/test_pricing.py::test_tags_start_fresh_at_each_call",
                           "tests/test_pricing.py::TestTags::test_one[Hat]"]
    assert "second = tags('Red Shoe')" in shown["tests/test_pricing.py::test_tags_start_fresh_at_each_call"]
    assert shown["tests/test_pricing.py::TestTags::test_one[Hat]"].startswith("@pytest.mark.parametrize")
    prompt = candidate_prompt("fix it", TAGS_FAILURE, {"pricing.py": "def tags(name, extra=[]):\n    return extra\n"},
                              shown)
    assert prompt.index("The failing tests, as their files define them:") < prompt.index("The files:")
    assert "tests/test_pricing.py::test_tags_start_fresh_at_each_call\n```python\ndef test_tags_start" in prompt


def test_no_failing_test_is_shown_when_none_is_found_or_one_is_too_long():
    assert failing_test_sources(FAILING, {}) == {}
    long = PRICING_TESTS.replace("    assert True\n", "    assert True\n" * 400)
    failure = CheckOutcome(TurnCheck("python -m pytest", ()), "failed", 1, "FAILED t.py::test_passing - x\n")
    assert failing_test_sources(failure, {"t.py": long}) == {}
    assert "The failing tests" not in candidate_prompt("fix it", FAILING, {"a.py": "x = 1\n"}, {})
