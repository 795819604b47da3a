import pytest

from orkeon_engine.commands.git.branch import run_branch
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgumentError, ParsedArgs
from tests.support.deps import make_deps
from tests.support.doubles.fake_git import FakeGit
from tests.support.git_deps import make_git_deps
from tests.support.git_repo import commit_files, init_repo, isolate_git, write


@pytest.fixture
def repo(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    repository = init_repo(tmp_path / "work")
    commit_files(repository, {"a.py": "a = 1\n"}, "chore: start")
    repository.git.branch("feat/x")
    return repository


async def test_the_list_marks_the_current_branch(repo):
    deps = await make_git_deps(repo)

    view = await run_branch(ParsedArgs(), deps)

    assert view.lines == ("  feat/x", "* main")
    assert view.message == "2 branches, on main"


async def test_create_makes_the_branch_without_switching(repo):
    deps = await make_git_deps(repo)

    view = await run_branch(ParsedArgs(words=("create", "fix/y")), deps)

    assert "fix/y" in [head.name for head in repo.heads]
    assert repo.active_branch.name == "main"
    assert view.message == "created the branch fix/y at HEAD (still on main: /branch switch fix/y to work on it)"


async def test_create_refuses_a_name_git_would_refuse(repo):
    deps = await make_git_deps(repo)

    with pytest.raises(CommandFailedError, match="cannot create the branch '-D': .* start with '-'"):
        await run_branch(ParsedArgs(words=("create", "-D")), deps)


async def test_create_refuses_an_existing_branch(repo):
    deps = await make_git_deps(repo)

    with pytest.raises(CommandFailedError, match="the branch feat/x already exists"):
        await run_branch(ParsedArgs(words=("create", "feat/x")), deps)


async def test_switch_on_a_clean_tree_checks_the_branch_out(repo):
    deps = await make_git_deps(repo)

    view = await run_branch(ParsedArgs(words=("switch", "feat/x")), deps)

    assert repo.active_branch.name == "feat/x"
    assert view.message == "switched to feat/x"


async def test_switch_with_a_dirty_tree_is_refused_naming_the_files(repo):
    write(repo, "a.py", "a = 2\n")
    deps = await make_git_deps(repo)

    with pytest.raises(CommandFailedError, match="not switching to feat/x: .* uncommitted changes in a.py"):
        await run_branch(ParsedArgs(words=("switch", "feat/x")), deps)
    assert repo.active_branch.name == "main"


async def test_switch_to_an_unknown_branch_names_the_branches(repo):
    deps = await make_git_deps(repo)

    with pytest.raises(CommandFailedError, match="no local branch is named 'nope'; branches: feat/x, main"):
        await run_branch(ParsedArgs(words=("switch", "nope")), deps)


async def test_switch_to_the_current_branch_says_so(repo):
    deps = await make_git_deps(repo)

    view = await run_branch(ParsedArgs(words=("switch", "main")), deps)

    assert view.message == "already on main"


async def test_an_unknown_action_is_an_argument_error_naming_the_actions():
    deps = await make_deps(git=FakeGit())

    with pytest.raises(ArgumentError, match="unknown action 'delete'; actions: list, create, switch"):
        await run_branch(ParsedArgs(words=("delete",)), deps)


async def test_switch_without_a_name_is_an_argument_error():
    deps = await make_deps(git=FakeGit())

    with pytest.raises(ArgumentError, match="switch needs a branch name"):
        await run_branch(ParsedArgs(words=("switch",)), deps)


async def test_a_repository_without_commits_has_no_branches_yet(tmp_path, monkeypatch):
    isolate_git(monkeypatch, tmp_path / "home")
    deps = await make_git_deps(init_repo(tmp_path / "empty"))

    view = await run_branch(ParsedArgs(), deps)

    assert view.message == "no branches yet (on main, which has no commit yet)"
