"""GitPythonWorktrees: the Worktrees port over GitPython's git command runner, each blocking call off the event
loop, sharing GitPythonRepo's error shaping (git's own reason in a GitError).

A fast-forward is `git merge --ff-only`: git moves the branch's ref in one locked rename, so the current branch
is before or after the batch, never between; a rebase that meets a conflict is aborted at once
(`git rebase --abort`) after the conflicting files are read, so no rebase is ever left under way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from orkeon_engine.adapters.gitpython_repo import GitPythonRepo, _lib, _parse_status, _text
from orkeon_engine.ports.worktrees import Rebase, Worktree

# A rebase never opens an editor nobody watches.
_NO_EDITOR = {"GIT_EDITOR": "true", "GIT_SEQUENCE_EDITOR": "true"}


class GitPythonWorktrees:
    """The worktrees of the repository whose top folder is `root`."""

    def __init__(self, root: str | Path) -> None:
        self._repo = GitPythonRepo(root)
        self.root = self._repo.root

    def _git(self, *args: str, cwd: str = "", **kwargs: Any) -> str:
        folder = self._host(cwd) if cwd else self.root
        output = _lib().Git(folder).execute(["git", *args], strip_newline_in_stdout=False, **kwargs)
        return _text(str(output))

    def _host(self, path: str) -> str:
        return path if os.path.isabs(path) else os.path.join(self.root, path)

    def _relative(self, host: str) -> str:
        resolved = str(Path(host).resolve())
        inside = os.path.commonpath([resolved, self.root]) == self.root
        return Path(os.path.relpath(resolved, self.root)).as_posix() if inside else resolved

    async def head(self, path: str = "") -> str:
        return (await self._repo._run("git rev-parse HEAD", lambda: self._git("rev-parse", "HEAD",
                                                                              cwd=path))).strip()

    async def current_branch(self) -> str | None:
        return await self._repo.current_branch()

    async def add(self, path: str, branch: str, start: str) -> None:
        def call() -> None:
            Path(self._host(path)).parent.mkdir(parents=True, exist_ok=True)
            if self._ref(branch) is None:
                self._git("worktree", "add", "-b", branch, self._host(path), start)
            else:
                self._git("worktree", "add", self._host(path), branch)

        await self._repo._run(f"add the worktree {path}", call)

    async def linked(self) -> list[Worktree]:
        raw = await self._repo._run("git worktree list", lambda: self._git("worktree", "list", "--porcelain"))
        found = [self._worktree(block) for block in raw.strip().split("\n\n") if block.strip()]
        return [tree for tree in found[1:] if tree is not None]

    def _worktree(self, block: str) -> Worktree | None:
        fields: dict[str, str] = {}
        for line in block.splitlines():
            key, _, value = line.partition(" ")
            fields[key] = value
        if "worktree" not in fields:
            return None
        branch = fields.get("branch", "").removeprefix("refs/heads/") or None
        host = fields["worktree"]
        return Worktree(self._relative(host), branch, fields.get("HEAD", ""),
                        missing="prunable" in fields or not os.path.isdir(host))

    async def remove(self, path: str) -> None:
        def call() -> None:
            if os.path.isdir(self._host(path)):
                self._git("worktree", "remove", "--force", "--force", self._host(path))
            self._git("worktree", "prune")

        await self._repo._run(f"remove the worktree {path}", call)

    async def prune(self) -> None:
        await self._repo._run("git worktree prune", lambda: self._git("worktree", "prune"))

    async def delete_branch(self, branch: str) -> None:
        def call() -> None:
            if self._ref(branch) is not None:
                self._git("branch", "-D", branch)

        await self._repo._run(f"delete the branch {branch}", call)

    def _ref(self, branch: str) -> str | None:
        try:
            return self._git("rev-parse", "--verify", "--quiet", f"refs/heads/{branch}").strip() or None
        except _lib().exc.GitCommandError:
            return None

    async def branch_head(self, branch: str) -> str | None:
        return await self._repo._run(f"read the branch {branch}", lambda: self._ref(branch))

    async def contains(self, commit: str, descendant: str) -> bool:
        def call() -> bool:
            try:
                self._git("merge-base", "--is-ancestor", commit, descendant)
            except _lib().exc.GitCommandError as error:
                if error.status == 1:
                    return False
                raise
            return True

        return await self._repo._run("git merge-base", call)

    async def changed_files(self, base: str, tip: str) -> list[str]:
        raw = await self._repo._run("git diff", lambda: self._git("diff", "--name-only", "-z", base, tip))
        return sorted(path for path in raw.split("\0") if path)

    async def dirty_files(self, path: str) -> list[str]:
        raw = await self._repo._run("git status", lambda: self._git("status", "--porcelain=v1", "-z",
                                                                    "--untracked-files=all", cwd=path))
        return sorted(entry.path for entry in _parse_status(raw))

    async def fast_forward(self, branch: str) -> None:
        await self._repo._run(f"fast-forward to {branch}", lambda: self._git("merge", "--ff-only", "--quiet",
                                                                             branch))

    async def rebase(self, path: str, onto: str) -> Rebase:
        def call() -> Rebase:
            try:
                self._git("rebase", onto, cwd=path, env=_NO_EDITOR)
            except _lib().exc.GitCommandError:
                if not self._rebasing(path):
                    raise
                conflicts = self._git("diff", "--name-only", "--diff-filter=U", "-z", cwd=path)
                self._git("rebase", "--abort", cwd=path)
                return Rebase(False, tuple(sorted(p for p in conflicts.split("\0") if p)))
            return Rebase(True)

        return await self._repo._run(f"rebase {path} onto {onto[:12]}", call)

    def _rebasing(self, path: str) -> bool:
        """Whether a rebase is under way in the worktree at `path` (git refused before starting one otherwise)."""
        for state in ("rebase-merge", "rebase-apply"):
            folder = self._git("rev-parse", "--git-path", state, cwd=path).strip()
            if os.path.isdir(os.path.join(self._host(path), folder)):
                return True
        return False
