"""make_git_deps: a Deps over the fakes whose git is a real temporary repository (GitPythonRepo)."""

from __future__ import annotations

from typing import Any

import git

from orkeon_engine.adapters.gitpython_repo import GitPythonRepo
from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from tests.support.deps import make_deps


async def make_git_deps(repo: git.Repo, **kwargs: Any) -> Deps:
    root = str(repo.working_tree_dir)
    return await make_deps(workspace=WorkspaceInfo(root=root, git_root=root, writable=True),
                           git=GitPythonRepo(root), **kwargs)
