"""classify, settle and cap_findings: which changed files are proven behaviour-neutral, and the cap on the
findings raised on them (never silent)."""

from orkeon_engine.domain.review.behaviour_neutral import FileChange, cap_findings, classify, settle
from orkeon_engine.domain.review.findings import Finding

RENAMED = ("def load_config(path):\n    return path\n", "def read_config(path):\n    return path\n")


def _finding(path, severity):
    return Finding(path, 1, 1, "x = 1", severity, "correctness", "a problem", "why")


def test_a_markdown_file_is_docs_only():
    change = classify("docs/guide.md", "# Guide\n", "# Guide\n\nMore words.\n")

    assert (change.kind, change.reason) == ("docs-only", "the change to docs/guide.md only changes documentation")


def test_a_new_file_may_change_behaviour():
    change = classify("app.py", None, "x = 1\n")

    assert change.kind is None and "new, deleted" in change.reason


def test_a_python_local_rename_is_rename_only():
    change = classify("app.py", "def f():\n    a = 1\n    return a\n", "def f():\n    b = 1\n    return b\n")

    assert (change.kind, change.reason) == ("rename-only", "the change to app.py only renames `a` to `b`")


def test_a_javascript_comment_change_is_docs_only():
    change = classify("web/app.js", "const a = 1; // one\nf(a);\n", "const a = 1;  // the first\nf( a );\n")

    assert change.kind == "docs-only"


def test_a_javascript_changed_line_break_may_change_behaviour():
    change = classify("web/app.js", "return x;\n", "return\nx;\n")

    assert change.kind is None


def test_a_javascript_regular_expression_is_read_whole_so_its_spaces_are_code():
    change = classify("web/app.js", "const r = /a  b/;\n", "const r = /a b/;\n")

    assert change.kind is None and "code changed" in change.reason


def test_a_javascript_comment_beside_a_regular_expression_is_docs_only():
    change = classify("web/app.js", "const r = /a[/]b/g; // old\n", "const r = /a[/]b/g; // new\n")

    assert change.kind == "docs-only"


def test_a_javascript_slash_that_may_divide_or_open_a_regular_expression_makes_it_unsure():
    change = classify("web/app.js", "if (x) /a  b/.test(y);\n", "if (x) /a b/.test(y);\n")

    assert change.kind is None and "regular expressions" in change.reason


def test_whitespace_inside_a_string_is_code():
    change = classify("src/main.go", 'x := "a  b"\n', 'x := "a b"\n')

    assert change.kind is None


def test_an_unknown_language_may_change_behaviour():
    change = classify("deploy.yaml", "a: 1\n", "a:  1\n")

    assert change.kind is None


def test_a_public_rename_no_file_still_uses_is_complete():
    settled = settle([classify("config.py", *RENAMED)], {"load_config": ()})

    assert settled[0].kind == "rename-only"


def test_a_public_rename_still_used_in_another_file_is_incomplete():
    settled = settle([classify("config.py", *RENAMED)], {"load_config": ("cli.py",)})

    assert settled[0].kind is None and "still used in cli.py" in settled[0].reason


def test_a_public_rename_not_searched_is_not_proven():
    settled = settle([classify("config.py", *RENAMED)], {})

    assert settled[0].kind is None and "not checked" in settled[0].reason


def test_an_importing_file_is_a_rename_when_a_changed_file_defines_the_name():
    user = classify("cli.py", "from config import load_config\nload_config('a')\n",
                    "from config import read_config\nread_config('a')\n")

    settled = settle([classify("config.py", *RENAMED), user], {"load_config": ()})

    assert [change.kind for change in settled] == ["rename-only", "rename-only"]


def test_an_importing_file_alone_is_not_a_rename():
    user = classify("cli.py", "from config import load_config\nload_config('a')\n",
                    "from config import read_config\nread_config('a')\n")

    settled = settle([user], {"load_config": ()})

    assert settled[0].kind is None and "no changed file defines it" in settled[0].reason


def test_a_medium_finding_on_a_neutral_file_is_capped_at_low_with_its_reason():
    neutral = FileChange("app.py", "rename-only", "the change to app.py only renames `a` to `b`")

    capped = cap_findings([_finding("app.py", "medium")], [neutral])

    assert [(f.severity, f.capped_from, f.cap_reason) for f in capped] == [
        ("low", "medium", "severity capped: the change to app.py only renames `a` to `b`")]


def test_findings_on_files_that_may_change_keep_their_severity():
    may = FileChange("app.py", None, "the change to app.py may change behaviour: its code changed")

    kept = cap_findings([_finding("app.py", "high"), _finding("other.py", "blocker")], [may])

    assert [(f.severity, f.capped_from) for f in kept] == [("high", None), ("blocker", None)]


def test_a_nit_on_a_neutral_file_is_left_as_it_is():
    neutral = FileChange("app.md", "docs-only", "the change to app.md only changes documentation")

    kept = cap_findings([_finding("app.md", "nit")], [neutral])

    assert [(f.severity, f.capped_from) for f in kept] == [("nit", None)]


CHANNELS = ("def prepare(text):\n    return text\n", "def compose(text):\n    return text\n")
SERVICE = ("from notifier import channels\n\n\ndef send(text):\n    return channels.prepare(text)\n",
           "from notifier import channels\n\n\ndef send(text):\n    return channels.compose(text)\n")


def test_a_function_renamed_where_a_module_attribute_reads_it_is_a_rename_with_its_module_changed():
    changes = [classify("notifier/channels.py", *CHANNELS), classify("notifier/service.py", *SERVICE)]

    settled = settle(changes, {"prepare": ()})

    assert [change.kind for change in settled] == ["rename-only", "rename-only"]


def test_an_attribute_of_a_module_that_the_change_does_not_touch_is_not_a_rename():
    changes = [classify("other/channels.py", *CHANNELS), classify("notifier/service.py", *SERVICE)]

    settled = settle(changes, {"prepare": ()})

    assert settled[1].kind is None and "`notifier.channels`" in settled[1].reason
