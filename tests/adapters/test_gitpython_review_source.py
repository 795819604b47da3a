"""GitPythonReviewSource over real temporary repositories: staged, working tree, since a revision."""

import pytest

from orkeon_engine.adapters.gitpython_review_source import GitPythonReviewSource
from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.ports.review_source import DiffRequest, ReviewSourceError
from tests.support.temp_git import git, make_repo


@pytest.fixture
def repo(tmp_path):
    root = make_repo(tmp_path / "repo", {"src/app.py": "a = 1\nb = 2\n", "README.md": "hello\n"})
    (root / "src/app.py").write_text("a = 1\nb = 3\n", encoding="utf-8")
    git(root, "add", "src/app.py")
    (root / "README.md").write_text("hello again\n", encoding="utf-8")
    (root / "notes.txt").write_text("new\n", encoding="utf-8")
    return root


def _source(root):
    return GitPythonReviewSource(str(root), str(root))


async def test_the_staged_diff_holds_only_what_was_staged(repo):
    diff = parse_diff(await _source(repo).diff(DiffRequest("staged")))

    assert diff.paths == ("src/app.py",)
    assert [line.text for line in diff.files[0].hunks[0].added()] == ["b = 3"]


async def test_the_working_tree_adds_unstaged_and_untracked_files(repo):
    diff = parse_diff(await _source(repo).diff(DiffRequest("working")))

    assert sorted(diff.paths) == ["README.md", "notes.txt", "src/app.py"]
    assert diff.file("notes.txt").status == "added"


async def test_paths_limit_the_diff(repo):
    diff = parse_diff(await _source(repo).diff(DiffRequest("working", paths=("README.md",))))

    assert diff.paths == ("README.md",)


async def test_the_changes_since_a_revision_include_later_commits(repo):
    git(repo, "commit", "-q", "-m", "second")
    diff = parse_diff(await _source(repo).diff(DiffRequest("since", base="HEAD~1")))

    assert "src/app.py" in diff.paths


async def test_an_unknown_revision_is_named_in_the_error(repo):
    with pytest.raises(ReviewSourceError, match="--base nope: not a revision git knows"):
        await _source(repo).diff(DiffRequest("since", base="nope"))


async def test_nothing_staged_gives_an_empty_diff(tmp_path):
    root = make_repo(tmp_path / "clean", {"a.txt": "a\n"})

    assert await _source(root).diff(DiffRequest("staged")) == ""


async def test_a_repository_without_commits_reviews_its_working_tree_as_new_files(tmp_path):
    root = make_repo(tmp_path / "fresh", {"a.txt": "a\n"}, commit=False)

    assert parse_diff(await _source(root).diff(DiffRequest("working"))).paths == ("a.txt",)


async def test_a_folder_outside_git_is_refused(tmp_path):
    with pytest.raises(ReviewSourceError, match="not in a git repository"):
        await GitPythonReviewSource(str(tmp_path), None).diff(DiffRequest("staged"))


async def test_a_latin1_file_is_read_with_replacement_characters_that_encode_again(repo):
    (repo / "legacy.py").write_bytes("name = 'café'\n".encode("latin-1"))
    git(repo, "add", "legacy.py")

    text = await _source(repo).diff(DiffRequest("staged"))

    added = [line.text for line in parse_diff(text).file("legacy.py").hunks[0].added()]
    assert added == ["name = 'caf\ufffd'"]
    assert text.encode("utf-8")


async def test_an_untracked_latin1_file_of_the_working_tree_is_read_with_replacement_characters(repo):
    (repo / "legacy.txt").write_bytes("déjà\n".encode("latin-1"))

    diff = parse_diff(await _source(repo).diff(DiffRequest("working")))

    assert [line.text for line in diff.file("legacy.txt").hunks[0].added()] == ["d\ufffdj\ufffd"]


async def test_versions_of_a_staged_change_read_head_and_the_index(repo):
    (repo / "src/app.py").write_text("a = 1\nb = 4\n", encoding="utf-8")  # unstaged, after the staged b = 3

    versions = await _source(repo).versions(DiffRequest("staged"), "src/app.py", "src/app.py")

    assert (versions.old, versions.new) == ("a = 1\nb = 2\n", "a = 1\nb = 3\n")


async def test_versions_of_the_working_tree_read_the_file_and_nothing_for_a_new_one(repo):
    source = _source(repo)

    changed = await source.versions(DiffRequest("working"), "README.md", "README.md")
    new = await source.versions(DiffRequest("working"), "notes.txt", "notes.txt")

    assert (changed.old, changed.new, new.old, new.new) == ("hello\n", "hello again\n", None, "new\n")


async def test_versions_since_a_revision_read_that_revision(repo):
    git(repo, "commit", "-q", "-m", "second")

    versions = await _source(repo).versions(DiffRequest("since", base="HEAD~1"), "src/app.py", "src/app.py")

    assert versions.old == "a = 1\nb = 2\n"


async def test_mentions_name_the_files_that_say_a_whole_word_in_the_tree_the_change_leaves(repo):
    (repo / "src/use.py").write_text("from app import b\nbb = 1\n", encoding="utf-8")
    source = _source(repo)

    working = await source.mentions(DiffRequest("working"), "b")
    staged = await source.mentions(DiffRequest("staged"), "b")

    assert (working, staged) == (("src/app.py", "src/use.py"), ("src/app.py",))


async def test_mentions_of_a_word_nobody_says_are_none_found(repo):
    assert await _source(repo).mentions(DiffRequest("working"), "nowhere_said") == ()
