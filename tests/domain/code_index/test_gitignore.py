from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.code_index.gitignore import is_ignored, parse_gitignore

RULES = parse_gitignore("""
# generated output
generated/
*.log
/top.py
!keep.log
docs/**/draft.md
""")


def test_a_folder_pattern_ignores_every_file_under_it_at_any_depth():
    assert is_ignored(RULES, "generated/out.py")
    assert is_ignored(RULES, "pkg/generated/deep/out.py")


def test_a_slash_anchors_a_pattern_to_the_root():
    assert is_ignored(RULES, "top.py")
    assert not is_ignored(RULES, "pkg/top.py")


def test_a_negated_pattern_brings_a_file_back():
    assert is_ignored(RULES, "debug.log")
    assert not is_ignored(RULES, "keep.log")


def test_a_double_star_matches_any_number_of_folders():
    assert is_ignored(RULES, "docs/draft.md")
    assert is_ignored(RULES, "docs/a/b/draft.md")
    assert not is_ignored(RULES, "src/draft.md")


def test_a_folder_only_pattern_does_not_ignore_a_file_of_that_name():
    assert not is_ignored(parse_gitignore("build/\n"), "build")


@given(st.text(max_size=200), st.text(alphabet="abc/.*", max_size=30))
def test_no_gitignore_text_makes_the_matcher_raise(text, path):
    rules = parse_gitignore(text)

    assert is_ignored(rules, path.strip("/") or "a") in (True, False)
