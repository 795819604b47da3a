import pytest

from orkeon_engine.commands.git.diff import run_diff
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ParsedArgs
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.git import GitError
from tests.support.deps import make_deps
from tests.support.doubles.fake_git import FakeGit
from tests.support.git_deps import make_git_deps
from tests.support.git_repo import commit_files, init_repo, isolate_git, write


@pytest.fixture
def repo(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    repository = init_repo(tmp_path / "work")
    commit_files(repository, {"a.py": "a = 1\n", "docs/b.md": "b\n"}, "chore: start")
    return repository


async def test_the_unstaged_diff_is_the_view_s_lines_and_a_document(repo):
    write(repo, "a.py", "a = 2\n")
    deps = await make_git_deps(repo)

    view = await run_diff(ParsedArgs(), deps)

    assert view.lines[0] == "diff --git a/a.py b/a.py"
    assert "+a = 2" in view.lines and "-a = 1" in view.lines
    assert view.message == "1 file changed, +1 -1"
    assert view.document.title == "git diff"
    assert view.document.content.startswith("```diff\ndiff --git a/a.py b/a.py\n")


async def test_staged_shows_the_index_only(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "docs/b.md", "b2\n")
    repo.git.add("docs/b.md")
    deps = await make_git_deps(repo)

    view = await run_diff(ParsedArgs(flags={"staged": [True]}), deps)

    assert "+b2" in view.lines and "+a = 2" not in view.lines
    assert view.document.title == "git diff --staged"


async def test_paths_limit_the_diff(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "docs/b.md", "b2\n")
    deps = await make_git_deps(repo)

    view = await run_diff(ParsedArgs(words=("docs",)), deps)

    assert "+b2" in view.lines and "+a = 2" not in view.lines
    assert view.message == "1 file changed under docs, +1 -1"


async def test_a_path_named_from_a_subfolder_is_read_from_that_subfolder(repo):
    write(repo, "a.py", "a = 2\n")
    write(repo, "docs/b.md", "b2\n")
    deps = await make_git_deps(repo)
    root = str(repo.working_tree_dir)
    deps.workspace = WorkspaceInfo(root=root, git_root=root, writable=True, cwd=f"{root}/docs")

    view = await run_diff(ParsedArgs(words=("b.md",)), deps)

    assert "+b2" in view.lines and "+a = 2" not in view.lines


async def test_no_change_says_so_and_counts_the_untracked_files_it_does_not_show(repo):
    write(repo, "new.py", "n\n")
    deps = await make_git_deps(repo)

    view = await run_diff(ParsedArgs(), deps)

    assert view.lines == () and view.document is None
    assert view.message == "no unstaged changes (1 untracked file is not shown)"


async def test_nothing_staged_says_so(repo):
    deps = await make_git_deps(repo)

    view = await run_diff(ParsedArgs(flags={"staged": [True]}), deps)

    assert view.message == "nothing is staged"


async def test_a_git_failure_is_a_command_failure_with_git_s_reason():
    fake = FakeGit()
    fake.fail["diff"] = GitError("git diff", "fatal: bad revision")
    deps = await make_deps(git=fake)

    with pytest.raises(CommandFailedError, match="git diff: fatal: bad revision"):
        await run_diff(ParsedArgs(), deps)
