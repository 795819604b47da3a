from pathlib import Path

import pytest

from orkeon_engine.adapters.gitpython_repo import GitPythonRepo
from orkeon_engine.ports.git import GitError, StatusEntry
from tests.support.git_repo import commit_files, committed_paths, init_repo, isolate_git, staged_paths, write


@pytest.fixture
def repo(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    repository = init_repo(tmp_path / "work")
    commit_files(repository, {"a.py": "a = 1\n", "b.py": "b = 1\n", "c.py": "c = 1\n"}, "chore: start")
    return repository


async def test_status_lists_changed_staged_and_untracked_files_one_by_one(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "new/deep/n.py", "n = 1\n")
    repo.git.mv("b.py", "bb.py")

    entries = await GitPythonRepo(repo.working_tree_dir).status()

    assert sorted(entries, key=lambda e: e.path) == [
        StatusEntry("a.py", " M"), StatusEntry("bb.py", "R ", original="b.py"), StatusEntry("new/deep/n.py", "??")]


async def test_diff_shows_the_working_tree_or_the_index(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "b.py", "b = 2\n")
    repo.git.add("b.py")
    git = GitPythonRepo(repo.working_tree_dir)

    working, staged = await git.diff(), await git.diff(staged=True)

    assert "+a = 2" in working and "b.py" not in working
    assert "+b = 2" in staged and "a.py" not in staged


async def test_diff_to_commit_takes_staged_and_unstaged_changes_of_the_paths_only(repo):
    write(repo, "a.py", "a = 2\n")
    repo.git.add("a.py")
    write(repo, "a.py", "a = 3\n")
    write(repo, "b.py", "b = 2\n")

    diff = await GitPythonRepo(repo.working_tree_dir).diff_to_commit(["a.py"])

    assert "+a = 3" in diff and "-a = 1" in diff and "b.py" not in diff


async def test_file_start_reads_the_first_bytes_and_tells_binary_files_apart(repo):
    write(repo, "long.txt", "x" * 100)
    (Path(repo.working_tree_dir) / "img.bin").write_bytes(b"\x89PNG\0\0data")
    git = GitPythonRepo(repo.working_tree_dir)

    text, binary = await git.file_start("long.txt", 10), await git.file_start("img.bin", 100)

    assert (text.text, text.truncated) == ("x" * 10, True)
    assert binary.binary and binary.text == ""


async def test_file_start_of_a_symbolic_link_names_its_target_without_reading_it(repo, tmp_path):
    (tmp_path / "outside.txt").write_text("private", encoding="utf-8")
    (Path(repo.working_tree_dir) / "link").symlink_to(tmp_path / "outside.txt")

    start = await GitPythonRepo(repo.working_tree_dir).file_start("link", 100)

    assert "private" not in start.text and "symbolic link" in start.text


async def test_identity_is_git_s_author_without_the_date(repo):
    assert await GitPythonRepo(repo.working_tree_dir).identity() == "Ada Lovelace <ada@example.com>"


async def test_identity_is_none_when_git_has_none(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "nobody", identity=False)
    repository = init_repo(tmp_path / "fresh")

    assert await GitPythonRepo(repository.working_tree_dir).identity() is None


async def test_recent_subjects_are_newest_first_and_empty_before_the_first_commit(repo, tmp_path):
    commit_files(repo, {"a.py": "a = 5\n"}, "fix: five")
    empty = init_repo(tmp_path / "empty")

    assert await GitPythonRepo(repo.working_tree_dir).recent_subjects(5) == ["fix: five", "chore: start"]
    assert await GitPythonRepo(empty.working_tree_dir).recent_subjects(5) == []


async def test_commit_only_records_the_paths_and_leaves_other_staged_work_staged(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "b.py", "b = 2\n")
    write(repo, "c.py", "c = 2\n")
    repo.git.add("c.py")
    git = GitPythonRepo(repo.working_tree_dir)

    await git.add(["a.py", "b.py"])
    short = await git.commit_only("feat: a and b\n\nbecause", ["a.py", "b.py"])

    assert repo.head.commit.hexsha.startswith(short)
    assert committed_paths(repo) == ["a.py", "b.py"]
    assert staged_paths(repo) == ["c.py"]


async def test_the_first_commit_of_an_empty_repository_works(tmp_path, repo):
    empty = init_repo(tmp_path / "empty")
    write(empty, "one.py", "1\n")
    git = GitPythonRepo(empty.working_tree_dir)

    await git.add(["one.py"])
    await git.commit_only("feat: one\n\nstart", ["one.py"])

    assert committed_paths(empty) == ["one.py"]


async def test_a_staged_diff_before_the_first_commit_compares_with_the_empty_tree(tmp_path, repo):
    empty = init_repo(tmp_path / "empty")
    write(empty, "one.py", "1\n")
    empty.git.add("one.py")

    assert "+1" in await GitPythonRepo(empty.working_tree_dir).diff(staged=True)


async def test_branches_create_switch_current_and_default(repo):
    git = GitPythonRepo(repo.working_tree_dir)

    await git.create_branch("feat/x")
    await git.switch("feat/x")

    assert await git.branches() == ["feat/x", "main"]
    assert await git.current_branch() == "feat/x"
    assert await git.default_branch() == "main"


async def test_a_refusal_of_git_is_a_git_error_with_git_s_reason(repo):
    with pytest.raises(GitError, match="switch to nope: .*invalid reference: nope"):
        await GitPythonRepo(repo.working_tree_dir).switch("nope")


async def test_dirty_files_are_the_tracked_changes_only(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "untracked.py", "u\n")

    assert await GitPythonRepo(repo.working_tree_dir).dirty_files() == ["a.py"]


async def test_push_sets_the_upstream_on_a_local_bare_remote(repo, tmp_path):
    bare = tmp_path / "remote.git"
    repo.git.init("--bare", str(bare))
    repo.git.remote("add", "origin", str(bare))
    git = GitPythonRepo(repo.working_tree_dir)

    report = await git.push("main")

    assert "main" in report
    assert repo.git.rev_parse("--abbrev-ref", "main@{upstream}") == "origin/main"


async def test_push_without_a_remote_is_a_git_error(repo):
    with pytest.raises(GitError, match="git push -u origin main"):
        await GitPythonRepo(repo.working_tree_dir).push("main")


async def test_a_folder_that_is_no_repository_is_a_git_error_on_the_first_call(tmp_path):
    with pytest.raises(GitError, match="is not a git repository"):
        await GitPythonRepo(tmp_path).status()
