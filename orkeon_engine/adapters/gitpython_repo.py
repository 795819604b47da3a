"""GitPythonRepo: the Git port over GitPython, each blocking git call run off the event loop.

GitPython is imported, and the repository opened, on the first git call: the import costs tens of
milliseconds that the language server's start does not pay.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

from orkeon_engine.ports.git import FileStart, GitError, StatusEntry

if TYPE_CHECKING:
    import git

T = TypeVar("T")

# The tree of an empty repository: what HEAD is compared with before the first commit.
EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
_IDENT_DATE = re.compile(r"\s+\d+\s+[+-]\d{4}$")
_STDERR = re.compile(r"^\s*stderr: '(.*)'\s*$", re.DOTALL)
# A push never waits for a password on a terminal nobody watches.
_NO_PROMPT = {"GIT_TERMINAL_PROMPT": "0", "GCM_INTERACTIVE": "never"}


class GitPythonRepo:
    """The repository at `root` (its top folder)."""

    def __init__(self, root: str | Path) -> None:
        self.root = str(Path(root).resolve())
        self._opened: git.Repo | None = None

    @property
    def _repo(self) -> git.Repo:
        if self._opened is None:
            lib = _lib()
            try:
                self._opened = lib.Repo(self.root)
            except (lib.exc.InvalidGitRepositoryError, lib.exc.NoSuchPathError) as error:
                raise GitError("open the repository", f"{self.root} is not a git repository ({error})") from None
        return self._opened

    async def _run(self, operation: str, call: Callable[[], T]) -> T:
        def guarded() -> T:
            lib = _lib()
            try:
                return call()
            except lib.exc.GitCommandError as error:
                raise GitError(operation, _reason(error)) from None
            except (lib.exc.GitError, OSError) as error:
                raise GitError(operation, str(error)) from None

        return await asyncio.to_thread(guarded)

    def _git(self, *args: str, **kwargs: Any) -> str:
        output = self._repo.git.execute(["git", *args], strip_newline_in_stdout=False, **kwargs)
        return _text(str(output))

    def _git_or_none(self, *args: str) -> str | None:
        """The output of a git call whose failure is an answer (no HEAD, no such setting), or None."""
        try:
            return self._git(*args)
        except _lib().exc.GitCommandError:
            return None

    def _has_head(self) -> bool:
        return self._git_or_none("rev-parse", "--verify", "--quiet", "HEAD") is not None

    async def status(self) -> list[StatusEntry]:
        raw = await self._run("git status", lambda: self._git("status", "--porcelain=v1", "-z",
                                                              "--untracked-files=all"))
        return _parse_status(raw)

    async def diff(self, paths: Sequence[str] = (), *, staged: bool = False) -> str:
        def call() -> str:
            if staged:
                base = ["--cached"] if self._has_head() else ["--cached", EMPTY_TREE]
                return self._git("diff", *base, "-U3", "--", *paths)
            return self._git("diff", "-U3", "--", *paths)

        return await self._run("git diff", call)

    async def diff_to_commit(self, paths: Sequence[str]) -> str:
        if not paths:
            return ""

        def call() -> str:
            base = "HEAD" if self._has_head() else EMPTY_TREE
            return self._git("diff", base, "-U3", "--", *paths)

        return await self._run("git diff", call)

    async def file_start(self, path: str, max_bytes: int) -> FileStart:
        def call() -> FileStart:
            full = Path(self.root) / path
            if full.is_symlink():
                # A link is committed as the text of its target's name; what it points at stays unread.
                return FileStart(path, f"(symbolic link to {os.readlink(full)})")
            with full.open("rb") as handle:
                data = handle.read(max_bytes + 1)
            truncated = len(data) > max_bytes
            data = data[:max_bytes]
            if b"\0" in data:
                return FileStart(path, "", truncated=truncated, binary=True)
            return FileStart(path, data.decode("utf-8", "replace"), truncated=truncated)

        return await self._run(f"read {path}", call)

    async def identity(self) -> str | None:
        def call() -> str | None:
            for variable in ("GIT_AUTHOR_IDENT", "GIT_COMMITTER_IDENT"):
                ident = (self._git_or_none("var", variable) or "").strip()
                if ident:
                    return _IDENT_DATE.sub("", ident)
            return None

        try:
            return await self._run("git var", call)
        except GitError:
            return None

    async def recent_subjects(self, limit: int) -> list[str]:
        def call() -> list[str]:
            if not self._has_head():
                return []
            return self._git("log", f"-n{limit}", "--format=%s").splitlines()

        return await self._run("git log", call)

    async def add(self, paths: Sequence[str]) -> None:
        await self._run("git add", lambda: self._git("add", "--", *paths))

    async def commit_only(self, message: str, paths: Sequence[str]) -> str:
        def call() -> str:
            self._git("commit", "-m", message, "--only", "--", *paths)
            return self._git("rev-parse", "--short", "HEAD").strip()

        return await self._run("git commit", call)

    async def current_branch(self) -> str | None:
        def call() -> str | None:
            return (self._git_or_none("symbolic-ref", "--quiet", "--short", "HEAD") or "").strip() or None

        return await self._run("git symbolic-ref", call)

    async def default_branch(self) -> str | None:
        def call() -> str | None:
            remote_head = (self._git_or_none("symbolic-ref", "--quiet", "refs/remotes/origin/HEAD") or "").strip()
            if remote_head:
                return remote_head.removeprefix("refs/remotes/origin/")
            local = set(self._local_branches())
            configured = (self._git_or_none("config", "--get", "init.defaultBranch") or "").strip()
            for candidate in (configured, "main", "master"):
                if candidate and candidate in local:
                    return candidate
            return None

        return await self._run("find the default branch", call)

    def _local_branches(self) -> list[str]:
        return sorted(self._git("for-each-ref", "--format=%(refname:short)", "refs/heads").split())

    async def branches(self) -> list[str]:
        return await self._run("list the branches", self._local_branches)

    async def create_branch(self, name: str) -> None:
        await self._run(f"create the branch {name}", lambda: self._git("branch", name))

    async def switch(self, name: str) -> None:
        await self._run(f"switch to {name}", lambda: self._git("switch", name))

    async def dirty_files(self) -> list[str]:
        raw = await self._run("git status", lambda: self._git("status", "--porcelain=v1", "-z",
                                                              "--untracked-files=no"))
        return [entry.path for entry in _parse_status(raw)]

    async def push(self, branch: str) -> str:
        def call() -> str:
            _, out, err = self._repo.git.execute(["git", "push", "-u", "origin", branch], env=_NO_PROMPT,
                                                 with_extended_output=True)
            return _text("\n".join(part for part in (str(out).strip(), str(err).strip()) if part))

        return await self._run(f"git push -u origin {branch}", call)

    async def remote_url(self, name: str) -> str | None:
        def call() -> str | None:
            return (self._git_or_none("remote", "get-url", "--", name) or "").strip() or None

        return await self._run(f"git remote get-url {name}", call)


def _parse_status(raw: str) -> list[StatusEntry]:
    """The entries of `git status --porcelain=v1 -z`: `XY path`, a rename followed by its source."""
    fields = raw.split("\0")
    entries: list[StatusEntry] = []
    index = 0
    while index < len(fields):
        field = fields[index]
        index += 1
        if len(field) < 4:
            continue
        code, path = field[:2], field[3:]
        original = None
        if code[0] in "RC" or code[1] in "RC":
            original = fields[index] if index < len(fields) else None
            index += 1
        entries.append(StatusEntry(path=path, code=code, original=original))
    return entries


def _lib() -> ModuleType:
    import git

    return git


def _reason(error: git.exc.GitCommandError) -> str:
    """git's own words from a failed command: its stderr without GitPython's framing, a few lines at most."""
    stderr = str(error.stderr or "")
    match = _STDERR.match(stderr)
    text = match.group(1) if match else stderr
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return f"git exited with status {error.status}"
    return _text(" / ".join(lines[-6:]))


def _text(value: str) -> str:
    """Text that encodes: bytes that were not UTF-8 become replacement characters."""
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
