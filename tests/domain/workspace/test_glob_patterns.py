import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.workspace.glob_patterns import glob_regex


def _matches(glob, path):
    return re.fullmatch(glob_regex(glob), path) is not None


@pytest.mark.parametrize(
    ("glob", "path"),
    [("*.py", "a.py"), ("src/**/x.py", "src/x.py"), ("src/**/x.py", "src/a/b/x.py"), ("**/x", "x"),
     ("**/x", "a/b/x"), ("a/**", "a/b/c"), ("?.md", "a.md"), ("[ab].txt", "b.txt"), ("[!ab].txt", "c.txt"),
     ("\\#notes", "#notes"), ("[x", "[x")],
)
def test_a_glob_matches_what_git_would(glob, path):
    assert _matches(glob, path)


@pytest.mark.parametrize(
    ("glob", "path"),
    [("*.py", "src/a.py"), ("?.md", "ab.md"), ("[!ab].txt", "a.txt"), ("[!a]", "/"), ("a/**", "a")],
)
def test_stars_questions_and_classes_stay_within_one_name(glob, path):
    assert not _matches(glob, path)


@given(st.text(alphabet=st.characters(blacklist_characters="*?[\\"), max_size=40))
def test_a_glob_without_special_characters_matches_only_itself(name):
    assert _matches(name, name)
    assert not _matches(name, name + "x")
