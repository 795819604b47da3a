import shutil
from pathlib import Path

import git
import pytest

from orkeon_engine.adapters.gitpython_worktrees import GitPythonWorktrees
from orkeon_engine.ports.worktrees import GitError, Rebase
from tests.support.git_repo import commit_files, init_repo, isolate_git, write

TREE = ".orkeon/work/w/trees/F1"


@pytest.fixture
def repo(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    repository = init_repo(tmp_path / "work")
    commit_files(repository, {"a.py": "a = 1\n", "b.py": "b = 1\n"}, "chore: start")
    return repository


def commit_in(root: Path, files: dict[str, str], message: str = "feat: batch") -> None:
    repository = git.Repo(root)
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    repository.git.add("--", *files)
    repository.git.commit("-m", message)


async def test_a_worktree_is_added_on_its_own_branch_from_the_given_commit_and_listed(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    start = await trees.head()

    await trees.add(TREE, "orkeon/w/F1", start)

    [tree] = await trees.linked()
    assert (tree.path, tree.branch, tree.head, tree.missing) == (TREE, "orkeon/w/F1", start, False)
    assert (Path(repo.working_tree_dir) / TREE / "a.py").read_text() == "a = 1\n"


async def test_an_existing_branch_is_checked_out_as_it_stands(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    start = await trees.head()
    await trees.add(TREE, "orkeon/w/F1", start)
    commit_in(Path(repo.working_tree_dir) / TREE, {"c.py": "c = 1\n"})
    tip = await trees.branch_head("orkeon/w/F1")
    await trees.remove(TREE)

    await trees.add(TREE, "orkeon/w/F1", start)

    assert await trees.head(TREE) == tip


async def test_removing_a_worktree_drops_its_changes_and_deleting_its_branch_forgets_it(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    await trees.add(TREE, "orkeon/w/F1", await trees.head())
    write(repo, f"{TREE}/scratch.py", "x = 1\n")

    await trees.remove(TREE)
    await trees.delete_branch("orkeon/w/F1")

    assert await trees.linked() == [] and not (Path(repo.working_tree_dir) / TREE).exists()
    assert await trees.branch_head("orkeon/w/F1") is None


async def test_a_worktree_whose_folder_vanished_is_listed_missing_then_pruned(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    await trees.add(TREE, "orkeon/w/F1", await trees.head())
    shutil.rmtree(Path(repo.working_tree_dir) / TREE)
    [gone] = await trees.linked()

    await trees.prune()

    assert gone.missing and await trees.linked() == []


async def test_a_fast_forward_brings_the_batch_in_and_names_its_files(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    before = await trees.head()
    await trees.add(TREE, "orkeon/w/F1", before)
    commit_in(Path(repo.working_tree_dir) / TREE, {"c.py": "c = 1\n", "a.py": "a = 2\n"})

    await trees.fast_forward("orkeon/w/F1")

    after = await trees.head()
    assert after == await trees.branch_head("orkeon/w/F1")
    assert await trees.changed_files(before, after) == ["a.py", "c.py"]
    assert (Path(repo.working_tree_dir) / "c.py").read_text() == "c = 1\n"


async def test_a_fast_forward_that_is_not_possible_is_refused_and_leaves_head_where_it_was(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    await trees.add(TREE, "orkeon/w/F1", await trees.head())
    commit_in(Path(repo.working_tree_dir) / TREE, {"c.py": "c = 1\n"})
    commit_files(repo, {"d.py": "d = 1\n"}, "feat: moved on")
    before = await trees.head()

    with pytest.raises(GitError, match="fast-forward to orkeon/w/F1"):
        await trees.fast_forward("orkeon/w/F1")

    assert await trees.head() == before and not (Path(repo.working_tree_dir) / "c.py").exists()


async def test_a_rebase_puts_the_batch_on_the_last_merged_commit(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    await trees.add(TREE, "orkeon/w/F1", await trees.head())
    commit_in(Path(repo.working_tree_dir) / TREE, {"c.py": "c = 1\n"})
    onto = commit_files(repo, {"d.py": "d = 1\n"}, "feat: moved on")

    rebase = await trees.rebase(TREE, onto)

    assert rebase == Rebase(True)
    assert await trees.contains(onto, await trees.branch_head("orkeon/w/F1"))


async def test_a_rebase_conflict_is_aborted_and_names_the_files(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    await trees.add(TREE, "orkeon/w/F1", await trees.head())
    commit_in(Path(repo.working_tree_dir) / TREE, {"a.py": "a = 'batch'\n"})
    tip = await trees.branch_head("orkeon/w/F1")
    onto = commit_files(repo, {"a.py": "a = 'main'\n"}, "feat: moved on")

    rebase = await trees.rebase(TREE, onto)

    assert rebase == Rebase(False, ("a.py",))
    assert await trees.head(TREE) == tip and await trees.dirty_files(TREE) == []
    assert await trees.current_branch() == "main"


async def test_a_rebase_git_refuses_to_start_is_an_error_not_a_conflict(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    await trees.add(TREE, "orkeon/w/F1", await trees.head())
    write(repo, f"{TREE}/a.py", "a = 'unsaved'\n")
    onto = commit_files(repo, {"d.py": "d = 1\n"}, "feat: moved on")

    with pytest.raises(GitError, match="rebase"):
        await trees.rebase(TREE, onto)


async def test_contains_tells_an_ancestor_from_a_stranger(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    first = await trees.head()
    second = commit_files(repo, {"d.py": "d = 1\n"}, "feat: next")

    answers = (await trees.contains(first, second), await trees.contains(second, first))

    assert answers == (True, False)


async def test_dirty_files_lists_changed_and_untracked_files_of_a_worktree(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)
    await trees.add(TREE, "orkeon/w/F1", await trees.head())
    write(repo, f"{TREE}/a.py", "a = 3\n")
    write(repo, f"{TREE}/new.py", "n = 1\n")

    assert await trees.dirty_files(TREE) == ["a.py", "new.py"]


async def test_a_worktree_on_an_unknown_start_is_refused_with_gits_reason(repo):
    trees = GitPythonWorktrees(repo.working_tree_dir)

    with pytest.raises(GitError, match=f"add the worktree {TREE}"):
        await trees.add(TREE, "orkeon/w/F1", "no-such-commit")
