"""python_change: what Python's parser proves of a change (layout, docs, one-to-one renames and their scope)."""

from orkeon_engine.domain.review.python_neutral import Rename, python_change

SUM = "def total_of(items):\n    total = 0\n    for item in items:\n        total += item\n    return total\n"


def test_a_renamed_local_variable_is_a_local_rename():
    change = python_change(SUM, SUM.replace("total =", "count =").replace("total +=", "count +=")
                           .replace("return total", "return count"))

    assert change.renames == (Rename("total", "count", local=True),)


def test_a_renamed_function_is_a_public_rename_that_the_file_defines():
    change = python_change(SUM, SUM.replace("total_of", "sum_of"))

    assert (change.renames, change.defines) == ((Rename("total_of", "sum_of", local=False),), frozenset({"total_of"}))


def test_a_longer_docstring_changes_only_the_docs():
    old = 'def f(x):\n    """Double x."""\n    return 2 * x\n'

    change = python_change(old, old.replace("Double x.", "Double x.\n\n    Any number will do."))

    assert (change.layout, change.docs) == (True, True)


def test_a_reformat_changes_only_the_layout():
    change = python_change("x = f(a,b)\ny = {'k':1}\n", 'x = f(\n    a,\n    b,\n)\ny = {"k": 1}\n')

    assert (change.layout, change.docs) == (True, False)


def test_a_changed_comment_is_docs():
    change = python_change("x = 1  # one\n", "x = 1  # the first\n")

    assert (change.layout, change.docs) == (True, True)


def test_swapped_arguments_used_elsewhere_unchanged_are_not_a_rename():
    old = "def area(width, height):\n    check(width)\n    return scale(width, height)\n"

    change = python_change(old, old.replace("scale(width, height)", "scale(height, width)"))

    assert not change.proven and "not replaced by one name throughout" in change.unproven


def test_two_names_becoming_one_is_not_a_rename():
    change = python_change("def f(a, b):\n    return a + b\n", "def f(a, b):\n    return a + a\n")

    assert not change.proven


def test_a_name_renamed_inside_a_string_lookup_is_not_proven():
    old = "def f():\n    total = 1\n    return '{total}'.format(**locals())\n"

    change = python_change(old, old.replace("total = 1", "count = 1"))

    assert not change.proven and "reads its locals by name" in change.unproven


def test_an_attribute_renamed_may_belong_to_code_outside_the_repository():
    change = python_change("def f(r):\n    return r.status\n", "def f(r):\n    return r.code\n")

    assert not change.proven and "attribute" in change.unproven


def test_a_keyword_argument_renamed_is_not_proven():
    change = python_change("open(file=name)\n", "open(path=name)\n")

    assert not change.proven


def test_a_builtin_renamed_is_not_proven():
    change = python_change("def f(x):\n    return len(x)\n", "def f(x):\n    return size(x)\n")

    assert not change.proven and "meaning of its own" in change.unproven


def test_a_parameter_rename_is_public():
    change = python_change("def f(path):\n    return path\n", "def f(name):\n    return name\n")

    assert change.renames == (Rename("path", "name", local=False),) and change.defines == frozenset({"path"})


def test_a_changed_encoding_declaration_is_not_layout():
    change = python_change("# -*- coding: utf-8 -*-\nx = 1\n", "# -*- coding: latin-1 -*-\nx = 1\n")

    assert not change.proven


def test_a_file_that_does_not_parse_is_not_proven():
    change = python_change("def f(:\n", "def g(:\n")

    assert not change.proven and "does not parse" in change.unproven
def test_a_public_name_spelled_in_a_string_is_not_proven():
    old = "__all__ = ['load']\n\n\ndef load():\n    return 1\n"

    change = python_change(old, old.replace("def load", "def read"))

    assert not change.proven and "spelled in a string" in change.unproven
