"""FakeGit: the Git port over plain fields; what was added, committed, created, switched and pushed is recorded.

Set `fail` to {operation name: GitError} to make that operation refuse (for example {"push": GitError(...)}).
"""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.ports.git import FileStart, GitError, StatusEntry


class FakeGit:
    def __init__(
        self,
        entries: list[StatusEntry] | None = None,
        ident: str | None = "Ada Lovelace <ada@example.com>",
        branch: str | None = "main",
        default: str | None = "main",
    ) -> None:
        self.root = "/repo"
        self.entries: list[StatusEntry] = list(entries or [])
        self.ident = ident
        self.subjects: list[str] = []
        self.working_diff = ""
        self.staged_diff = ""
        self.commit_diff = ""
        self.files: dict[str, str] = {}
        self.branch = branch
        self.default = default
        self.local_branches: list[str] = [branch] if branch else []
        self.dirty: list[str] = []
        self.fail: dict[str, GitError] = {}
        self.diff_requests: list[tuple[tuple[str, ...], bool]] = []
        self.added: list[list[str]] = []
        self.commits: list[tuple[str, list[str]]] = []
        self.created: list[str] = []
        self.switched: list[str] = []
        self.pushed: list[str] = []
        self.remotes: dict[str, str] = {}

    def _check(self, operation: str) -> None:
        if operation in self.fail:
            raise self.fail[operation]

    async def status(self) -> list[StatusEntry]:
        self._check("status")
        return list(self.entries)

    async def diff(self, paths: Sequence[str] = (), *, staged: bool = False) -> str:
        self._check("diff")
        self.diff_requests.append((tuple(paths), staged))
        return self.staged_diff if staged else self.working_diff

    async def diff_to_commit(self, paths: Sequence[str]) -> str:
        self._check("diff_to_commit")
        return self.commit_diff

    async def file_start(self, path: str, max_bytes: int) -> FileStart:
        self._check("file_start")
        text = self.files.get(path, "")
        return FileStart(path, text[:max_bytes], truncated=len(text) > max_bytes)

    async def identity(self) -> str | None:
        return self.ident

    async def recent_subjects(self, limit: int) -> list[str]:
        return self.subjects[:limit]

    async def add(self, paths: Sequence[str]) -> None:
        self._check("add")
        self.added.append(list(paths))

    async def commit_only(self, message: str, paths: Sequence[str]) -> str:
        self._check("commit_only")
        self.commits.append((message, list(paths)))
        return f"c0ffee{len(self.commits)}"

    async def current_branch(self) -> str | None:
        return self.branch

    async def default_branch(self) -> str | None:
        return self.default

    async def branches(self) -> list[str]:
        return sorted(self.local_branches)

    async def create_branch(self, name: str) -> None:
        self._check("create_branch")
        self.created.append(name)
        self.local_branches.append(name)

    async def switch(self, name: str) -> None:
        self._check("switch")
        self.switched.append(name)
        self.branch = name

    async def dirty_files(self) -> list[str]:
        return list(self.dirty)

    async def push(self, branch: str) -> str:
        self._check("push")
        self.pushed.append(branch)
        return f"branch '{branch}' set up to track 'origin/{branch}'."

    async def remote_url(self, name: str) -> str | None:
        self._check("remote_url")
        return self.remotes.get(name)
