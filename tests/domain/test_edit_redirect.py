"""Which function an edit changes the code inside of: the edits a small model should make with
definition_rewrite, and those left to the edit tools."""

import pytest

from orkeon_engine.domain.edit_redirect import changed_function, redirect_text

CALC = '''"""Prices."""

RATE = 1


def total(prices):
    """The sum."""
    result = 0
    for index in range(len(prices) - 1):
        result += prices[index]
    return result


class Basket:
    size = 3

    @property
    def empty(self):
        return self.size == 0
'''


def _edit(old: str, new: str) -> str:
    assert old in CALC
    return CALC.replace(old, new)


@pytest.mark.parametrize(("after", "name"), [
    (_edit("result += prices[index]", "result += prices[index - 1]"), "total"),
    (_edit("range(len(prices) - 1)", "range(len(prices))"), "total"),
    (_edit("    return result\n", "    result += prices[-1]\n    return result\n"), "total"),
    (_edit("def total(prices):", "def total(prices, tax=0):"), "total"),
    (_edit("return self.size == 0", "return not self.size"), "Basket.empty"),
])
def test_an_edit_of_a_functions_code_names_that_function(after, name):
    assert changed_function("/workspace/calc.py", CALC, after) == name


@pytest.mark.parametrize("after", [
    _edit('"""The sum."""', '"""The sum of every price."""'),  # a docstring
    _edit("    result = 0\n", "    result = 0  # start\n"),  # a comment
    _edit("RATE = 1", "RATE = 2"),  # module level
    _edit("    size = 3", "    size = 4"),  # a class outside its methods
    _edit("    return result\n", "    return result\n\n\ndef mean(prices):\n    return total(prices) / len(prices)\n"),
])
def test_edits_outside_one_functions_code_are_left_to_the_edit_tool(after):
    assert changed_function("/workspace/calc.py", CALC, after) is None


FIRST = "def total(prices):\n    return 1"
TWO = "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
SETTER = ("class A:\n    @property\n    def x(self):\n        return 1\n\n    @x.setter\n    def x(self, v):\n"
          "        self.v = v\n")


@pytest.mark.parametrize(("before", "after"), [
    (FIRST, "import os\n" + FIRST),  # a line before the first
    (FIRST, FIRST + "\n\n\ndef mean(prices):\n    return 2"),  # after the last, no final line break
    (TWO, TWO.replace("def b():\n    return 2\n", "")),  # a function deleted
    (TWO, TWO.replace("def b():", "def c():")),  # renamed
    (SETTER, SETTER.replace("self.v = v", "self.v = v + 1")),  # the name would find the getter
    ("X = " + "+".join(["a"] * 1000) + "\n\ndef f():\n    return 1\n",
     "X = " + "+".join(["a"] * 1000) + "\n\ndef f():\n    return 2\n"),  # too deep for the syntax tree's dump
])
def test_edits_at_the_files_ends_deleting_or_renaming_or_ambiguous_or_too_deep_are_left_alone(before, after):
    assert changed_function("/workspace/calc.py", before, after) is None


def test_the_getters_own_edit_and_a_second_functions_edit_are_sent_to_the_rewrite():
    assert changed_function("/workspace/a.py", SETTER, SETTER.replace("return 1", "return 2")) == "A.x"
    assert changed_function("/workspace/a.py", TWO, TWO.replace("return 2", "return 3")) == "b"


def test_an_edit_inside_a_function_that_breaks_the_file_is_still_sent_to_the_rewrite():
    assert changed_function("/workspace/calc.py", CALC, _edit("range(len(prices) - 1)", "range(len(prices)")) == "total"


def test_a_file_that_is_not_python_or_does_not_parse_or_is_new_is_left_alone():
    assert changed_function("/workspace/calc.txt", CALC, _edit("prices[index]", "prices[index - 1]")) is None
    assert changed_function("/workspace/calc.py", "def total(:\n    pass\n", "def total():\n    pass\n") is None
    assert changed_function("/workspace/calc.py", None, CALC) is None
    assert changed_function("/workspace/calc.py", CALC, CALC) is None


def test_the_redirect_names_the_call_to_make():
    text = redirect_text("/workspace/calc.py", "total")

    assert text.startswith("/workspace/calc.py is unchanged:")
    assert 'definition_rewrite with {"path": "/workspace/calc.py", "name": "total"}' in text
