"""What git reports, as plain data: the paths of its status and the start of a working-tree file.

Paths are relative to the repository's root, with forward slashes.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass


@dataclass(frozen=True)
class StatusEntry:
    """One path `git status` lists: its two-letter code (`XY` of the porcelain format, `??` for an untracked
    file) and, for a rename or a copy, the path it came from."""

    path: str
    code: str
    original: str | None = None

    @property
    def untracked(self) -> bool:
        return self.code == "??"

    @property
    def is_new(self) -> bool:
        """A file HEAD does not hold: untracked, or added to the index."""
        return self.code == "??" or self.code[0] == "A"

    @property
    def deleted(self) -> bool:
        return "D" in self.code


@dataclass(frozen=True)
class FileStart:
    """The first bytes of a working-tree file, as text; `binary` when it holds a NUL byte, `truncated` when
    the file goes on past what was read."""

    path: str
    text: str
    truncated: bool = False
    binary: bool = False


class PathOutsideRepositoryError(ValueError):
    """A path named by the person that is not inside the repository."""


def repo_path(base_folder: str, git_root: str, path: str) -> str:
    """A path the person named (relative to `base_folder`, the folder they are in, or absolute) as git sees
    it: relative to the repository's root, forward slashes, no `./`; "" for the root itself. Outside the
    repository it raises PathOutsideRepositoryError naming the path."""
    base = posixpath.normpath(base_folder.replace("\\", "/"))
    top = posixpath.normpath(git_root.replace("\\", "/"))
    given = path.replace("\\", "/")
    full = posixpath.normpath(given if posixpath.isabs(given) else posixpath.join(base, given))
    if full == top:
        return ""
    if not full.startswith(top.rstrip("/") + "/"):
        raise PathOutsideRepositoryError(f"{path} is outside the repository ({git_root})")
    return full[len(top.rstrip("/")) + 1:]


def is_under(path: str, folder: str) -> bool:
    """Whether a repository path is `folder` itself or inside it ("" is the root, which holds every path)."""
    return folder == "" or path == folder or path.startswith(folder.rstrip("/") + "/")


_BAD_REF_CHARS = set(" ~^:?*[\\\t\n")


def branch_name_problem(name: str) -> str | None:
    """Why git would refuse `name` as a branch name (its check-ref-format rules), or None when it is fine."""
    if not name:
        return "the name is empty"
    if name.startswith("-"):
        return "a branch name cannot start with '-'"
    if any(char in _BAD_REF_CHARS or ord(char) < 32 or ord(char) == 127 for char in name):
        return "a branch name cannot hold spaces, control characters or any of ~ ^ : ? * [ \\"
    if ".." in name or "@{" in name or "//" in name or name == "@":
        return "a branch name cannot hold '..', '@{' or '//', nor be '@'"
    if name.startswith("/") or name.endswith(("/", ".", ".lock")):
        return "a branch name cannot start with '/' nor end with '/', '.' or '.lock'"
    if any(part.startswith(".") for part in name.split("/")):
        return "no part of a branch name can start with '.'"
    return None
