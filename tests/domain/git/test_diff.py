"""The unified diff parser and the numbered rendering, on written and generated diffs."""

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.git.diff import normalise_path, parse_diff, render_numbered

STAGED = """diff --git a/src/app.py b/src/app.py
index 1111111..2222222 100644
--- a/src/app.py
+++ b/src/app.py
@@ -1,4 +1,5 @@ def main
 import os
-x = 1
+x = 2
+y = 3

 def main():
@@ -10,2 +11,2 @@ def other():
-    return None
+    return x
 # end
diff --git a/docs/new.md b/docs/new.md
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ b/docs/new.md
@@ -0,0 +1,2 @@
+# Title
+text
diff --git a/old.txt b/old.txt
deleted file mode 100644
--- a/old.txt
+++ /dev/null
@@ -1 +0,0 @@
-gone
diff --git a/logo.png b/logo.png
Binary files a/logo.png and b/logo.png differ
"""

WORDS = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=12)
FILE_LINES = st.lists(WORDS, max_size=25)


def _unified(old: list[str], new: list[str], path: str = "pkg/mod.py") -> str:
    body = "".join(difflib.unified_diff([f"{line}\n" for line in old], [f"{line}\n" for line in new],
                                        f"a/{path}", f"b/{path}"))
    return f"diff --git a/{path} b/{path}\n{body}"


def test_a_staged_diff_gives_each_file_its_status():
    diff = parse_diff(STAGED)

    assert [(f.path, f.status, f.binary) for f in diff.files] == [
        ("src/app.py", "modified", False),
        ("docs/new.md", "added", False),
        ("old.txt", "deleted", False),
        ("logo.png", "modified", True),
    ]


def test_added_lines_carry_their_new_file_numbers():
    app = parse_diff(STAGED).file("src/app.py")

    added = [(line.new_number, line.text) for hunk in app.hunks for line in hunk.added()]

    assert added == [(2, "x = 2"), (3, "y = 3"), (11, "    return x")]


REMOVALS = parse_diff("""diff --git a/m.py b/m.py
--- a/m.py
+++ b/m.py
@@ -1,7 +1,4 @@
 def load(file):
-    if not file.exists():
-        return []
     return read(file)
-x = 1
+x = 2
 y = 3
-z = 4
""")


def test_where_lines_are_only_removed_the_line_in_their_place_may_be_pointed_at():
    hunk = REMOVALS.files[0].hunks[0]

    assert [(line.new_number, line.text) for line in hunk.pointable] == [
        (2, "    return read(file)"), (3, "x = 2"), (4, "y = 3")]
    assert REMOVALS.files[0].pointable_line(2) is not None and REMOVALS.files[0].pointable_line(1) is None


def test_a_deleted_file_has_no_line_to_point_at():
    deleted = parse_diff("diff --git a/o.py b/o.py\ndeleted file mode 100644\n--- a/o.py\n+++ /dev/null\n"
                         "@@ -1,2 +0,0 @@\n-a = 1\n-b = 2\n")

    assert (deleted.files[0].reviewable, REMOVALS.files[0].reviewable) == (False, True)


def test_a_removed_line_has_no_new_number_and_context_has_both():
    hunk = parse_diff(STAGED).file("src/app.py").hunks[0]

    assert [(line.kind, line.old_number, line.new_number) for line in hunk.lines[:3]] == [
        ("context", 1, 1), ("removed", 2, None), ("added", None, 2)]


def test_an_empty_context_line_without_its_space_still_counts():
    text = "--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n"

    hunk = parse_diff(text).files[0].hunks[0]

    assert [(line.kind, line.new_number) for line in hunk.lines] == [
        ("context", 1), ("context", 2), ("removed", None), ("added", 3)]


def test_a_quoted_path_with_escapes_is_read_back():
    text = 'diff --git "a/na\\303\\257ve.py" "b/na\\303\\257ve.py"\n--- "a/na\\303\\257ve.py"\n' \
           '+++ "b/na\\303\\257ve.py"\n@@ -1 +1 @@\n-a\n+b\n'

    assert parse_diff(text).paths == ("naïve.py",)


def test_a_rename_keeps_both_paths():
    text = "diff --git a/old.py b/new.py\nsimilarity index 90%\nrename from old.py\nrename to new.py\n" \
           "--- a/old.py\n+++ b/new.py\n@@ -1 +1 @@\n-a\n+b\n"

    file = parse_diff(text).files[0]

    assert (file.path, file.old_path, file.status) == ("new.py", "old.py", "renamed")


def test_a_path_is_found_with_a_prefix_or_a_workspace_root():
    diff = parse_diff(STAGED)

    assert [diff.file(p) is not None for p in ("b/src/app.py", "./src/app.py", "/workspace/src/app.py")] == [
        True, True, True]


def test_normalise_path_strips_the_diff_prefixes():
    assert normalise_path(" ./b/src\\x.py ") == "src/x.py"


def test_text_that_is_not_a_diff_has_no_files():
    assert parse_diff("hello\nworld\n@@ -1 +1 @@\n+x\n").is_empty()


@given(st.text(max_size=400))
def test_any_text_parses_without_raising(text):
    parse_diff(text)


@given(FILE_LINES, FILE_LINES)
@settings(max_examples=200)
def test_every_added_and_context_line_is_numbered_as_in_the_new_file(old, new):
    diff = parse_diff(_unified(old, new))

    for file in diff.files:
        for hunk in file.hunks:
            for line in hunk.lines:
                if line.new_number is not None:
                    assert new[line.new_number - 1] == line.text
                if line.old_number is not None:
                    assert old[line.old_number - 1] == line.text


@given(FILE_LINES, FILE_LINES)
@settings(max_examples=200)
def test_the_added_lines_are_the_ones_difflib_added(old, new):
    text = _unified(old, new)
    expected = [line[1:] for line in text.splitlines()[3:] if line.startswith("+") and not line.startswith("+++")]

    diff = parse_diff(text)

    assert [line.text for f in diff.files for h in f.hunks for line in h.added()] == expected


def test_the_rendering_numbers_added_and_context_lines_only():
    rendered = render_numbered(parse_diff(STAGED), 10_000)

    assert rendered.text.splitlines()[:5] == [
        "=== src/app.py (modified)",
        "@@ new line 1 @@ def main",
        "     1   import os",
        "       - x = 1",
        "     2 + x = 2",
    ]
    assert not rendered.cut and rendered.cut_note() == ""


def test_a_rendering_over_budget_is_cut_and_says_what_it_left_out():
    rendered = render_numbered(parse_diff(STAGED), 120)

    assert rendered.cut
    assert rendered.files_left_out == ("docs/new.md", "old.txt", "logo.png")
    assert "the diff was cut to fit the budget" in rendered.cut_note()
    assert "docs/new.md" in rendered.cut_note()


def test_a_file_none_of_whose_lines_fit_is_left_out_whole_and_named_with_its_kind():
    diff = parse_diff("diff --git a/a.py b/a.py\n--- /dev/null\n+++ b/a.py\n@@ -0,0 +1 @@\n+a = 1\n"
                      "diff --git a/b.min.js b/b.min.js\n--- /dev/null\n+++ b/b.min.js\n@@ -0,0 +1 @@\n+"
                      + "x" * 500 + "\n")

    rendered = render_numbered(diff, 200, {"b.min.js": "minified"})

    assert "b.min.js" not in rendered.text and rendered.files_shown == ("a.py",)
    assert rendered.left_out_kinds() == (("b.min.js", "minified"),)
    assert rendered.cut_note().endswith("these files are not shown at all: b.min.js (minified)")


@given(FILE_LINES, FILE_LINES, st.integers(min_value=0, max_value=2_000))
@settings(max_examples=150)
def test_a_rendering_stays_within_its_budget_and_is_cut_only_when_it_left_something_out(old, new, budget):
    diff = parse_diff(_unified(old, new))

    rendered = render_numbered(diff, budget)
    full = render_numbered(diff, 10**9)

    assert len(rendered.text) <= budget
    assert rendered.cut == (rendered.text != full.text)


def test_each_run_of_removed_lines_comes_with_the_lines_added_right_after_it():
    hunk = parse_diff("--- a/m.py\n+++ b/m.py\n@@ -1,5 +1,4 @@\n-a = 1\n-b = 2\n+ab = 3\n c = 4\n-d = 5\n e = 6\n"
                      ).files[0].hunks[0]

    assert [([r.text for r in removed], [a.text for a in added]) for removed, added in hunk.replaced_runs] == [
        (["a = 1", "b = 2"], ["ab = 3"]), (["d = 5"], [])]
    assert [(gone.text, place.text) for gone, place in hunk.removed_places] == [
        ("a = 1", "ab = 3"), ("b = 2", "ab = 3"), ("d = 5", "e = 6")]
