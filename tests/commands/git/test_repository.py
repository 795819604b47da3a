import pytest

from orkeon_engine.commands.git.repository import repo_paths, require_git
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from tests.support.deps import make_deps
from tests.support.doubles.fake_git import FakeGit


async def test_outside_a_repository_the_git_commands_say_how_to_start_one():
    deps = await make_deps(workspace=WorkspaceInfo(root="/plain", git_root=None, writable=True))

    with pytest.raises(NotConfiguredError, match="/plain is not in a git repository: run `git init`"):
        require_git(deps)


async def test_named_paths_are_made_relative_to_the_repository_root():
    deps = await make_deps(workspace=WorkspaceInfo(root="/repo/pkg", git_root="/repo", writable=True),
                           git=FakeGit())

    assert repo_paths(deps, ["src", "."]) == ["pkg/src", "pkg"]


async def test_a_named_path_outside_the_repository_is_refused_with_its_name():
    deps = await make_deps(git=FakeGit())

    with pytest.raises(CommandFailedError, match="../x is outside the repository"):
        repo_paths(deps, ["../x"])
