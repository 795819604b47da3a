"""inline_extracted: a variable given a value just before its only use, put back in that use, and only where
the use is the first thing its statement evaluates."""

import ast

from orkeon_engine.domain.extracted_variables import inline_extracted

BODY = "def f(a):\n    x = g(a)\n{use}\n"


def _inline(use, eligible=lambda name: True):
    tree = ast.parse(BODY.format(use=use))
    said = {"x": 2}
    names = inline_extracted(tree, said, eligible)
    return names, ast.unparse(tree).splitlines()[1:]


def test_a_returned_variable_is_put_back():
    assert _inline("    return x") == (("x",), ["    return g(a)"])


def test_a_variable_read_first_in_an_operation_is_put_back():
    assert _inline("    return x.total + 1") == (("x",), ["    return g(a).total + 1"])


def test_a_variable_assigned_to_a_name_is_put_back():
    assert _inline("    y = x") == (("x",), ["    y = g(a)"])


def test_a_variable_tested_by_an_if_is_put_back():
    assert _inline("    if not x:\n        pass") == (("x",), ["    if not g(a):", "        pass"])


def test_a_variable_read_after_another_operand_is_left():
    assert _inline("    return h(x)")[0] == ()


def test_a_variable_read_in_a_loop_is_left():
    assert _inline("    for i in a:\n        print(x)")[0] == ()


def test_a_variable_read_in_a_lambda_is_left():
    assert _inline("    return (lambda: x)()")[0] == ()


def test_a_variable_assigned_to_an_attribute_target_is_left():
    assert _inline("    a.b = x")[0] == ()


def test_a_variable_not_eligible_is_left():
    assert _inline("    return x", eligible=lambda name: False)[0] == ()
