"""What each replaced line changed, word by word: the shared start and end left out, what is left listed."""

import pytest

from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.domain.review.word_changes import MAX_CHANGES, WordChange, render_word_changes, word_changes


def _changes(*pairs, extra=""):
    body = "".join(f"-{old}\n+{new}\n" for old, new in pairs)
    count = len(pairs) * 2
    return word_changes(parse_diff(f"--- a/m.py\n+++ b/m.py\n@@ -1,{count} +1,{count} @@\n{body}{extra}"))


@pytest.mark.parametrize(("old", "new", "said"), [
    ("row = (render(item, number), item)", "row = (render(number, item), item)", "`item, number` → `number, item`"),
    ("    message = prepare(channel, text.strip())", "    message = prepare(channel, text)", "`.strip()` removed"),
    ("LIMIT = 3", "LIMIT = 4", "`3` → `4`"),
    ("    if a < b:", "    if a >= b:", "`<` → `>=`"),
    ("    return x", "    return x or default", "`or default` added"),
])
def test_the_change_is_what_is_left_between_the_shared_start_and_end(old, new, said):
    (change,) = _changes((old, new))

    assert change.describe() == said and change.line == 1 and change.path == "m.py"


def test_a_rewritten_line_a_change_of_spaces_and_a_long_change_are_not_listed():
    assert _changes(("x = 1", "total = compute()"), ("f(a,b)", "f(a, b)"),
                    ("v = [" + "1, " * 40 + "]", "v = [" + "2, " * 40 + "]")) == ()


def test_only_runs_of_removed_lines_followed_by_as_many_added_ones_are_paired():
    diff = parse_diff("--- a/m.py\n+++ b/m.py\n@@ -1,4 +1,5 @@\n-a = 1\n-b = 2\n+a = 10\n+b = 20\n c = 3\n"
                      "-d = 4\n+d = 40\n+e = 5\n")

    assert [(c.line, c.describe()) for c in word_changes(diff)] == [(1, "`1` → `10`"), (2, "`2` → `20`")]


def test_at_most_max_changes_are_listed_and_rendered_one_a_line():
    pairs = [(f"x{i} = 1", f"x{i} = 2") for i in range(MAX_CHANGES + 5)]

    changes = _changes(*pairs)

    assert len(changes) == MAX_CHANGES
    assert render_word_changes(changes[:2]) == "- m.py:1: `1` → `2`\n- m.py:2: `1` → `2`"
    assert render_word_changes([]) == "" and WordChange("a.py", 3, "", "x").describe() == "`x` added"
