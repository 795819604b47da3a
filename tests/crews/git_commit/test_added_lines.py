from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.crews.git_commit.added_lines import AddedLine, added_lines, file_lines

DIFF = """\
diff --git a/src/a.py b/src/a.py
index 1111111..2222222 100644
--- a/src/a.py
+++ b/src/a.py
@@ -1,3 +1,4 @@
 import os
-x = 1
+x = 2
+y = 3
 z = 4
@@ -10,2 +11,2 @@ def f():
 keep
+++ten plus
diff --git a/gone.py b/gone.py
deleted file mode 100644
--- a/gone.py
+++ /dev/null
@@ -1 +0,0 @@
-old
diff --git "a/caf\\303\\251.txt" "b/caf\\303\\251.txt"
--- "a/caf\\303\\251.txt"
+++ "b/caf\\303\\251.txt"
@@ -0,0 +1 @@
+bonjour
"""


def test_added_lines_carry_their_file_and_new_line_number():
    lines = list(added_lines(DIFF))

    assert lines[:3] == [AddedLine("src/a.py", 2, "x = 2"), AddedLine("src/a.py", 3, "y = 3"),
                         AddedLine("src/a.py", 12, "++ten plus")]


def test_a_deleted_file_adds_nothing_and_a_quoted_path_is_decoded():
    lines = list(added_lines(DIFF))

    assert lines[3:] == [AddedLine("café.txt", 1, "bonjour")]


def test_every_line_of_a_new_file_is_added_from_line_one():
    assert list(file_lines("n.py", "a\nb\n")) == [AddedLine("n.py", 1, "a"), AddedLine("n.py", 2, "b")]


@given(st.text())
def test_any_text_parses_without_an_error(text):
    for line in added_lines(text):
        assert line.number >= 0


def test_a_file_header_after_a_finished_hunk_starts_the_next_file():
    plain = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n--- a/y.py\n+++ b/y.py\n@@ -1 +1 @@\n-c\n+d\n"

    assert list(added_lines(plain)) == [AddedLine("x.py", 1, "b"), AddedLine("y.py", 1, "d")]
