"""The two sides of the change a finding stands on: what the run removed, and what stands in its place."""

from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.domain.review.change_sides import ChangeSides, change_sides

DIFF = parse_diff("""--- a/m.py
+++ b/m.py
@@ -1,7 +1,8 @@
 def title(item):
-    return item.name.strip().title()
+    value = item.name.strip().title()
+    return value
 def load(f):
-    if not f.exists():
-        return []
     return read(f)
+NEW = 1
""")
FILE = DIFF.files[0]


def test_a_line_that_replaced_others_has_the_removed_run_before_it_and_the_added_run_after():
    expected = ChangeSides(("    return item.name.strip().title()",),
                           ("    value = item.name.strip().title()", "    return value"))

    assert change_sides(FILE, 2) == expected and change_sides(FILE, 3) == expected


def test_the_line_standing_in_for_a_removal_has_the_removed_lines_before_it_and_nothing_after():
    assert change_sides(FILE, 5) == ChangeSides(("    if not f.exists():", "        return []"), ())


def test_a_line_added_where_nothing_was_removed_and_a_context_line_have_no_before():
    assert change_sides(FILE, 6) is None and change_sides(FILE, 1) is None and change_sides(FILE, 40) is None
