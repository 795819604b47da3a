"""inline_returned: `v = EXPR; return v` read as `return EXPR` for a plain local said twice."""

import ast

from orkeon_engine.domain.returned_names import inline_returned


def _inlined(text, local=lambda name: True):
    tree = ast.parse(text)
    count = inline_returned(tree, local)
    return count, ast.unparse(tree)


def test_a_value_named_and_returned_at_once_is_put_back_in_its_return():
    assert _inlined("def f(x):\n    v = x + 1\n    return v\n") == (1, "def f(x):\n    return x + 1")


def test_a_value_named_in_a_branch_is_put_back_there_too():
    count, text = _inlined("def f(x):\n    if x:\n        v = x\n        return v\n    return 0\n")

    assert count == 1 and "return x" in text


def test_a_statement_between_the_two_keeps_them_apart():
    assert _inlined("def f(x):\n    v = x\n    g()\n    return v\n")[0] == 0


def test_a_name_that_is_not_a_plain_local_is_left():
    assert _inlined("def f(x):\n    v = x\n    return v\n", local=lambda name: False)[0] == 0


def test_a_name_outside_a_function_is_left():
    assert _inlined("v = 1\n")[0] == 0
