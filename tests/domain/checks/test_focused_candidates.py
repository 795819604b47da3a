"""Where a failure most likely comes from, ranked by code (frames, then the failing tests' calls, then one hop),
and the focused prompt that shows one definition."""

from orkeon_engine.domain.checks.focused_candidates import focused_prompt, suspect_definitions
from orkeon_engine.domain.checks.turn_checks import CheckOutcome, TurnCheck

PRICING = '''"""Prices."""

LIMIT = 50
FEE = 4


def total(prices):
    return sum(prices)


def shipping(amount):
    if amount >= LIMIT:
        return 0
    return FEE


def checkout(prices):
    amount = total(prices)
    return amount + shipping(amount)


def unrelated():
    return 1
'''
TESTS = {"tests/test_pricing.py": '''from pricing import checkout, total


def test_total():
    assert total([1, 2]) == 3


def test_checkout():
    assert checkout([10]) == 14
'''}
ASSERTED = ("    def test_checkout():\n>       assert checkout([10]) == 14\nE       assert 10 == 14\n"
            "tests/test_pricing.py:9: AssertionError\nFAILED tests/test_pricing.py::test_checkout - assert 10 == 14")


def _names(found):
    return [each.name for each in found]


def test_a_failed_assert_ranks_what_the_test_calls_then_what_that_calls():
    found = suspect_definitions(ASSERTED, ["tests/test_pricing.py::test_checkout"], TESTS, {"pricing.py": PRICING})

    assert _names(found) == ["checkout", "total", "shipping"]  # unrelated is called by nothing


def test_the_deepest_python_frame_in_the_project_comes_first():
    failure = ('tests/test_pricing.py:9: in test_checkout\n    assert checkout([10]) == 14\n'
               'pricing.py:18: in checkout\n    return amount + shipping(amount)\n'
               'pricing.py:11: in shipping\n    if amount >= LIMIT:\nE   TypeError: bad operand')

    found = suspect_definitions(failure, [], TESTS, {"pricing.py": PRICING})

    assert _names(found)[:2] == ["shipping", "checkout"]


def test_a_python_traceback_line_and_a_node_stack_frame_are_read_too():
    python = 'File "/home/me/shop/pricing.py", line 7, in total\n    return sum(prices)\nTypeError: x'
    node = "not ok 1 - lower\n    at slugify (/home/me/slugs/slugs.js:2:15)\n    at run (/home/me/slugs/slugs.js:6:3)"
    slugs = "function slugify(text) {\n  return text.toUpperCase();\n}\n\nfunction run(x) {\n  return slugify(x);\n}\n"

    assert _names(suspect_definitions(python, [], {}, {"pricing.py": PRICING}))[0] == "total"
    assert _names(suspect_definitions(node, [], {}, {"slugs.js": slugs}))[:2] == ["slugify", "run"]


def test_a_constant_the_definition_reads_is_shown_above_it():
    found = suspect_definitions(ASSERTED, ["tests/test_pricing.py::test_checkout"], TESTS, {"pricing.py": PRICING})

    shown = next(each for each in found if each.name == "shipping").shown
    assert shown.startswith("LIMIT = 50\nFEE = 4\n\n\ndef shipping(amount):") and "def total" not in shown
    js = "const MAX = 40;\nconst SEP = '-';\n\nfunction valid(slug) {\n  return slug.length <= MAX;\n}\n"
    (valid,) = suspect_definitions("valid('a')", [], {}, {"slugs.js": js})
    assert valid.shown == "const MAX = 40;\n\n\nfunction valid(slug) {\n  return slug.length <= MAX;\n}"


def test_a_method_is_shown_in_its_class_and_a_call_of_the_class_is_one_of_its_constructor():
    account = ("class Account:\n    def __init__(self, owner):\n        self.owner = owner\n\n"
               "    def balance(self):\n        return 0\n")
    tests = {"test_account.py": "def test_new():\n    assert Account('ann').balance() == 0\n"}

    found = suspect_definitions("FAILED test_account.py::test_new", ["test_account.py::test_new"], tests,
                                {"account.py": account})

    assert _names(found) == ["Account.__init__", "Account.balance"]
    assert found[1].shown == "class Account:\n    # (its other members)\n\n    def balance(self):\n        return 0"
    assert found[1].lines == (5, 6)


def test_a_node_test_is_read_from_the_line_naming_it():
    tests = {"test/slugs.test.js": "test('lower', () => {\n  assert.equal(shorten('A B'), 'a');\n});\n"}
    slugs = "function slugify(t) {\n  return t;\n}\n\nfunction shorten(t) {\n  return t;\n}\n"

    found = suspect_definitions("not ok 1 - lower\n# fail 1", ["lower"], tests, {"slugs.js": slugs})

    assert _names(found) == ["shorten"]


def test_a_file_that_does_not_parse_gives_no_suspect():
    assert suspect_definitions("checkout(", [], {}, {"pricing.py": "def checkout(:\n"}) == []


def test_the_focused_prompt_shows_the_failure_and_the_one_definition():
    (checkout, *_) = suspect_definitions(ASSERTED, ["tests/test_pricing.py::test_checkout"], TESTS,
                                         {"pricing.py": PRICING})
    failing = CheckOutcome(TurnCheck("python -m pytest -q"), "failed", 1, ASSERTED)

    prompt = focused_prompt("the tests fail, fix it", failing, checkout)

    assert prompt.startswith("Request: the tests fail, fix it\n\nThe failing check:\n$ python -m pytest -q\n"
                             "(exit code 1)\n    def test_checkout():")
    assert "`checkout` in pricing.py (lines 17-19)" in prompt
    assert "pricing.py\n```python\ndef checkout(prices):\n" in prompt and "def shipping" not in prompt
