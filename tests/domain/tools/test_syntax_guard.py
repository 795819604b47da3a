import pytest

from orkeon_engine.domain.tools.syntax_guard import SyntaxGuard, is_checked, syntax_problem

GOOD = "def total(prices):\n    return sum(prices)\n"


def test_an_edit_that_breaks_a_python_file_is_named_with_its_line_and_the_lines_around():
    problem = syntax_problem("/workspace/calc.py", GOOD, "def total(prices[:-1]):\n    return sum(prices)\n")

    assert problem is not None and "cannot read the file as it would be: line 1: " in problem
    assert "1\tdef total(prices[:-1]):\n2\t    return sum(prices)" in problem


def test_a_file_that_did_not_parse_before_may_be_written_broken_still():
    assert syntax_problem("/workspace/calc.py", "def (:\n", "def (:\n    pass\n") is None


@pytest.mark.parametrize("path, before, after", [
    ("/workspace/calc.py", GOOD, GOOD.replace("sum", "max")),
    ("/workspace/notes.txt", "a\n", "def (:\n"),
    ("/workspace/conf.json", "{}", '{"a": 1}'),
    ("/workspace/calc.py", GOOD, 'x = "\\d"\n'),
])
def test_an_edit_that_still_reads_or_a_file_not_checked_passes(path, before, after):
    assert syntax_problem(path, before, after) is None


def test_a_new_file_must_read_and_json_is_checked_too():
    assert "JSON cannot read" in (syntax_problem("/workspace/conf.json", None, '{"a": 1,}') or "")
    assert "Python" in (syntax_problem("/workspace/new.py", None, "if x\n") or "")


def test_the_very_same_change_is_let_through_the_second_time_and_another_is_not():
    guard = SyntaxGuard()
    broken = "type Price = float\nx = (\n"

    assert guard.problem("/workspace/a.py", GOOD, broken) is not None
    assert guard.problem("/workspace/a.py", GOOD, broken + "y = 1\n") is not None
    assert guard.problem("/workspace/a.py", GOOD, broken) is None


def test_a_file_nested_too_deep_for_the_parser_is_not_judged():
    assert syntax_problem("/workspace/deep.json", "[]", "[" * 100_000) is None


def test_only_python_and_json_files_are_checked():
    assert is_checked("/workspace/a.py") and is_checked("/workspace/b.JSON") and not is_checked("/workspace/c.bin")
