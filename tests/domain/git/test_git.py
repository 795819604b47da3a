import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.git.git import (
    PathOutsideRepositoryError,
    StatusEntry,
    branch_name_problem,
    is_under,
    repo_path,
)


def test_a_relative_path_is_taken_from_the_workspace_and_made_relative_to_the_repository():
    assert repo_path("/repo/pkg", "/repo", "src/a.py") == "pkg/src/a.py"


def test_the_repository_root_itself_is_the_empty_path():
    assert repo_path("/repo", "/repo", ".") == ""


def test_dot_slash_and_trailing_slashes_are_normalised():
    assert repo_path("/repo", "/repo", "./src/") == "src"


def test_a_path_that_climbs_out_of_the_repository_is_refused_with_its_name():
    with pytest.raises(PathOutsideRepositoryError, match=r"\.\./etc is outside the repository"):
        repo_path("/repo", "/repo", "../etc")


def test_a_sibling_folder_sharing_the_prefix_is_outside():
    with pytest.raises(PathOutsideRepositoryError):
        repo_path("/repo", "/repo", "/repository/x")


@given(st.lists(st.sampled_from(["a", "b", "..", ".", "c d"]), max_size=6))
def test_any_relative_path_is_either_inside_or_refused(parts):
    try:
        result = repo_path("/r/w", "/r", "/".join(parts) or ".")
    except PathOutsideRepositoryError:
        return
    assert not result.startswith("/") and ".." not in result.split("/")


def test_is_under_holds_for_the_folder_and_its_children_only():
    assert is_under("src", "src") and is_under("src/a.py", "src/")
    assert not is_under("srcx/a.py", "src")
    assert is_under("anything", "")


def test_a_status_entry_knows_new_deleted_and_untracked():
    assert StatusEntry("a", "??").untracked and StatusEntry("a", "??").is_new
    assert StatusEntry("a", "A ").is_new and not StatusEntry("a", "A ").untracked
    assert StatusEntry("a", " D").deleted and not StatusEntry("a", " M").deleted


@pytest.mark.parametrize("name", ["main", "feat/git-commit", "release-1.2", "user/ada/fix_3"])
def test_ordinary_branch_names_are_accepted(name):
    assert branch_name_problem(name) is None


@pytest.mark.parametrize(("name", "problem"), [
    ("", "empty"), ("-f", "start with '-'"), ("a b", "spaces"), ("a..b", "'..'"), ("a/", "end with"),
    ("x.lock", "end with"), ("feat/.hidden", "start with '.'"), ("a~1", "spaces"), ("@", "nor be '@'"),
])
def test_names_git_refuses_are_refused_with_the_rule(name, problem):
    assert problem in (branch_name_problem(name) or "")
