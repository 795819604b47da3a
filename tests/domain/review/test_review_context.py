"""Which names a review's changed lines use, which definitions stand for them, and how they are shown."""

from orkeon_engine.domain.code_index.model import Symbol
from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.domain.review.review_context import (
    HEAD_LINES,
    MAX_CHARS,
    MAX_NAMES,
    UsedDefinition,
    chosen_definitions,
    excerpt,
    render_used,
    used_names,
)

DIFF = """diff --git a/app/service.py b/app/service.py
--- a/app/service.py
+++ b/app/service.py
@@ -18,4 +18,4 @@ def plan(text, hour):
     channel = config.channel()
-    message = channels.prepare(channel, clean(text.strip()))
+    message = channels.prepare(text, channel)  # keep(old) in a comment
+    waits = [backoff(n) for n in range(1, MAX_RETRIES)] + ["call(this)"]
     return channel, message
"""


def _symbol(name, path, start, end, kind="function", parent=None):
    return Symbol(name, name, kind, path, start, end, 0, 0, parent)


def test_the_names_called_read_as_attributes_or_spelled_as_constants_come_in_order_added_lines_first():
    names = used_names(parse_diff(DIFF))

    assert names == ("prepare", "backoff", "MAX_RETRIES", "clean")


def test_builtins_keywords_methods_of_builtin_types_strings_and_comments_are_not_looked_up():
    names = used_names(parse_diff(DIFF))

    assert not {"range", "strip", "keep", "old", "call", "this", "for"} & set(names)


def test_at_most_max_names_are_looked_up():
    lines = "".join(f"+    f{i}(x)\n" for i in range(MAX_NAMES + 3))
    diff = parse_diff(f"--- a/m.py\n+++ b/m.py\n@@ -1,0 +1,{MAX_NAMES + 3} @@\n{lines}")

    assert used_names(diff) == tuple(f"f{i}" for i in range(MAX_NAMES))


def test_a_definition_the_diff_already_shows_is_left_out_and_a_changed_file_comes_before_tests():
    diff = parse_diff(DIFF)
    symbols = [
        _symbol("prepare", "tests/test_channels.py", 3, 4),
        _symbol("prepare", "app/channels.py", 10, 14),
        _symbol("prepare", "app/service.py", 19, 19),  # inside the hunk: the reader sees it already
        _symbol("prepare", "app/service.py", 40, 44, kind="method", parent="Plan"),
        _symbol("prepare", "app/other.py", 1, 2, kind="variable", parent="f"),  # a local variable: not a definition
        _symbol("preparer", "app/channels.py", 20, 22),
    ]

    chosen = chosen_definitions("prepare", symbols, diff)

    assert [(s.path, s.start_line) for s in chosen] == [("app/service.py", 40), ("app/channels.py", 10)]


def test_a_short_definition_is_shown_whole_and_a_long_one_by_its_first_lines():
    text = "\n".join(f"line {n}" for n in range(1, 41))

    short = excerpt(_symbol("f", "m.py", 3, 9), text)
    long = excerpt(_symbol("g", "m.py", 10, 35), text)

    assert short == UsedDefinition("f", "m.py", 3, tuple(f"line {n}" for n in range(3, 10)), 0)
    assert long is not None and long.lines[-1] == f"line {10 + HEAD_LINES - 1}" and long.left_out == 26 - HEAD_LINES
    assert excerpt(_symbol("h", "m.py", 50, 55), text) is None


def test_the_section_numbers_each_line_as_in_its_file_and_says_what_was_left_out():
    rendered = render_used([UsedDefinition("prepare", "app/channels.py", 10, ("def prepare(channel, text):",
                                                                              "    return text"), 3)])

    assert rendered.splitlines() == [
        "app/channels.py, lines 10-11 (`prepare`):",
        "    10  def prepare(channel, text):",
        "    11      return text",
        "        ... (3 more lines)",
    ]


def test_definitions_past_the_section_size_are_left_out_whole():
    big = UsedDefinition("f", "m.py", 1, ("x" * 190,) * 12)

    rendered = render_used([big] * 10)

    assert len(rendered) <= MAX_CHARS and rendered.count("(`f`)") == MAX_CHARS // len(render_used([big]))
    assert render_used([]) == ""
