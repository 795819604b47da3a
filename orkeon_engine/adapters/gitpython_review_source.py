"""GitPythonReviewSource: the ReviewSource port over git, through GitPython (imported on first use).

The staged changes are `git diff --cached`; the working tree is `git diff HEAD` plus every untracked file that
is not ignored, as a new file; the changes since a revision are `git diff REV` (its commits and what is not
committed yet). Paths given are pathspecs relative to the workspace; the diff names paths from the top.
The diff is read as bytes and decoded as UTF-8 with replacement: a file in latin-1 (or any bytes that are
not UTF-8) shows U+FFFD where those bytes were, in the diff the model reads and in the lines its quotes
are matched against, so nothing downstream meets text that cannot be encoded again.
"""

from __future__ import annotations

import asyncio
from typing import Any

from orkeon_engine.ports.review_source import DiffRequest, ReviewSourceError

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
BASE_OPTIONS = ("-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff", "-U3")


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


def _join(*parts: str) -> str:
    kept = [part.rstrip("\n") for part in parts if part.strip()]
    return "\n".join(kept) + "\n" if kept else ""


def _git_message(request: DiffRequest, error: Any) -> str:
    detail = (getattr(error, "stderr", "") or "").strip().splitlines()
    reason = detail[-1].removeprefix("stderr: ").strip(" '") if detail else f"git exited {error.status}"
    if request.scope == "since":
        return f"--base {request.base}: not a revision git knows ({reason or 'unknown revision'})"
    return f"git diff failed: {reason}"
