"""GitPythonReviewSource: the ReviewSource port over git, through GitPython (imported on first use).

The staged changes are `git diff --cached`; the working tree is `git diff HEAD` plus every untracked file that
is not ignored, as a new file; the changes since a revision are `git diff REV` (its commits and what is not
committed yet). Paths given are pathspecs relative to the workspace; the diff names paths from the top.
The diff is read as bytes and decoded as UTF-8 with replacement: a file in latin-1 (or any bytes that are
not UTF-8) shows U+FFFD where those bytes were, in the diff the model reads and in the lines its quotes
are matched against, so nothing downstream meets text that cannot be encoded again.

For the proof that a change is behaviour-neutral, `versions` reads a file's whole text at the change's base
(`git show HEAD:path`, or REV:path) and as the change leaves it (`git show :path` for staged changes, else
the file in the working tree, never through a symbolic link), as strict UTF-8 up to MAX_FILE_BYTES; and
`mentions` runs `git grep -l -w -F` over the tree the change leaves (`--cached`, or `--untracked`).
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from orkeon_engine.ports.review_source import DiffRequest, FileVersions, ReviewSourceError

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
BASE_OPTIONS = ("-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff", "-U3")
MAX_FILE_BYTES = 1_000_000
"""A file larger than this is not read for the neutrality proof (it is then not proven neutral)."""


class GitPythonReviewSource:
    """Diffs of the repository that holds `workspace_root`."""

    def __init__(self, workspace_root: str, git_root: str | None) -> None:
        self._workspace = workspace_root
        self._top = git_root

    async def diff(self, request: DiffRequest) -> str:
        if self._top is None:
            raise ReviewSourceError(f"{self._workspace} is not in a git repository: there are no changes to review")
        return await asyncio.to_thread(self._diff, request)

    def _diff(self, request: DiffRequest) -> str:
        import git

        here = git.Git(self._workspace)
        spec = ["--", *request.paths] if request.paths else []
        try:
            if request.scope == "staged":
                return _text(here.execute(["git", *BASE_OPTIONS, "--cached", *spec], stdout_as_string=False))
            if request.scope == "since":
                base = request.base or "HEAD"
                if base.startswith("-"):
                    raise ReviewSourceError(f"--base {base}: a revision cannot start with '-'")
                here.execute(["git", "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}"])
                return _text(here.execute(["git", *BASE_OPTIONS, base, *spec], stdout_as_string=False))
            head = self._head(here)
            tracked = _text(here.execute(["git", *BASE_OPTIONS, head, *spec], stdout_as_string=False))
            return _join(tracked, *self._untracked(here, git, request.paths))
        except git.GitCommandError as error:
            raise ReviewSourceError(_git_message(request, error)) from None
        except git.GitError as error:  # git missing, or the folder vanished
            raise ReviewSourceError(f"git cannot be run in {self._workspace}: {error}") from None

    async def versions(self, request: DiffRequest, old_path: str, path: str) -> FileVersions:
        if self._top is None:
            return FileVersions(None, None)
        return await asyncio.to_thread(self._versions, self._top, request, old_path, path)

    def _versions(self, root: str, request: DiffRequest, old_path: str, path: str) -> FileVersions:
        import git

        top = git.Git(root)
        base = (request.base or "HEAD") if request.scope == "since" else self._head(top)
        old = None if base == EMPTY_TREE or base.startswith("-") else _shown(top, f"{base}:{old_path}")
        new = _shown(top, f":{path}") if request.scope == "staged" else _read(os.path.join(root, path))
        return FileVersions(old, new)

    async def mentions(self, request: DiffRequest, word: str) -> tuple[str, ...] | None:
        if self._top is None or not word or word.startswith("-"):
            return None
        return await asyncio.to_thread(self._mentions, request, word)

    def _mentions(self, request: DiffRequest, word: str) -> tuple[str, ...] | None:
        import git

        where = "--cached" if request.scope == "staged" else "--untracked"
        status, out, _ = git.Git(self._top).execute(
            ["git", "-c", "core.quotepath=off", "grep", "-l", "-w", "-F", "-I", "-z", where, "-e", word],
            with_extended_output=True, with_exceptions=False, stdout_as_string=False)
        if status not in (0, 1):
            return None
        return tuple(name for name in _text(out).split("\0") if name)

    def _head(self, here: Any) -> str:
        import git

        try:
            here.execute(["git", "rev-parse", "--verify", "--quiet", "HEAD"])
        except git.GitCommandError:
            return EMPTY_TREE  # a repository with no commit yet: everything is new
        return "HEAD"

    def _untracked(self, here: Any, git: Any, paths: tuple[str, ...]) -> list[str]:
        listed = str(here.execute(["git", "-c", "core.quotepath=off", "ls-files", "--others", "--exclude-standard",
                                   "--full-name", "-z", "--", *paths]))
        top = git.Git(self._top)
        diffs = []
        for name in (n for n in listed.split("\0") if n):
            status, out, _ = top.execute(["git", *BASE_OPTIONS, "--no-index", "--", "/dev/null", name],
                                         with_extended_output=True, with_exceptions=False, stdout_as_string=False)
            if status in (0, 1):
                diffs.append(_text(out))
        return diffs


def _text(output: Any) -> str:
    """git's output as text: UTF-8, bytes that are not UTF-8 replaced by U+FFFD."""
    if isinstance(output, bytes):
        return output.decode("utf-8", "replace")
    return str(output).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _shown(top: Any, spec: str) -> str | None:
    """A blob's text through `git show REV:path`; None when it does not exist, is too large or not UTF-8."""
    status, out, _ = top.execute(["git", "cat-file", "-s", spec], with_extended_output=True, with_exceptions=False)
    if status != 0 or not str(out).strip().isdigit() or int(str(out).strip()) > MAX_FILE_BYTES:
        return None
    status, out, _ = top.execute(["git", "cat-file", "blob", spec], with_extended_output=True,
                                 with_exceptions=False, stdout_as_string=False, strip_newline_in_stdout=False)
    return _strict(out) if status == 0 else None


def _read(path: str) -> str | None:
    """A working-tree file's text; None when it is missing, a link, too large or not UTF-8."""
    try:
        if os.path.islink(path) or not os.path.isfile(path) or os.path.getsize(path) > MAX_FILE_BYTES:
            return None
        with open(path, "rb") as handle:
            return _strict(handle.read())
    except OSError:
        return None


def _strict(data: Any) -> str | None:
    try:
        return bytes(data).decode("utf-8")
    except (UnicodeDecodeError, TypeError):
        return None


def _join(*parts: str) -> str:
    kept = [part.rstrip("\n") for part in parts if part.strip()]
    return "\n".join(kept) + "\n" if kept else ""


def _git_message(request: DiffRequest, error: Any) -> str:
    detail = (getattr(error, "stderr", "") or "").strip().splitlines()
    reason = detail[-1].removeprefix("stderr: ").strip(" '") if detail else f"git exited {error.status}"
    if request.scope == "since":
        return f"--base {request.base}: not a revision git knows ({reason or 'unknown revision'})"
    return f"git diff failed: {reason}"
