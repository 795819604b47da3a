from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.tools.snippet_place import place


@given(st.text(alphabet="ab \n", max_size=40), st.text(alphabet="ab \n", min_size=1, max_size=6),
       st.text(alphabet="xy\n", max_size=6))
def test_a_placed_snippet_changes_nothing_outside_it(text, old, new):
    placed = place(text, old, new)

    if placed.text is not None and text.count(old) == 1:
        start = text.index(old)
        assert placed.text == text[:start] + new + text[start + len(old):]
    elif placed.text is None:
        assert placed.problem


def test_a_snippet_shifted_by_a_few_spaces_takes_the_files_indentation():
    text = "def f(x):\n    if x:\n        return 1\n    return 0\n"

    placed = place(text, "if x:\n    return 1", "if not x:\n    return 1")

    assert placed.text == "def f(x):\n    if not x:\n        return 1\n    return 0\n"


def test_a_snippet_found_twice_is_a_problem_unless_every_one_is_asked():
    assert place("a\na\n", "a", "b").problem.startswith("the text to replace occurs 2 times")
    assert place("a\na\n", "a", "b", replace_all=True).text == "b\nb\n"
