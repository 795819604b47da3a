"""Virtual paths: how a path the model writes becomes a mount and the parts under it, or a refusal.

Pure string rules shared by the VFS adapter and its fake: a relative path resolves under /workspace, `.`
and empty parts are dropped, `..` may not climb above the mount it starts in, a path outside every mount
(an absolute host path) is refused, and a name holding a NUL or a line break is refused. A path ends under
the longest mount that holds it once its `.` and `..` are followed, whatever its spelling (a mount inside
another, such as the main tree's work folder inside a worktree, is never reached around). What the host
does with the parts (symlinks, existence) is the adapter's business.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WORKSPACE = "/workspace"
OUTPUT = "/output"
TEMP = "/tmp"
FORBIDDEN_CHARACTERS = ("\x00", "\n", "\r")
HOST_ROOTS = frozenset({"home", "Users", "root", "usr", "etc", "var", "opt", "srv", "mnt", "media", "private",
                        "proc", "sys", "dev", "bin", "sbin", "lib", "lib64", "boot", "run", "snap", "Volumes",
                        "Applications", "Library", "System"})
"""First folders of a host path: a refused path under one gets no project spelling in its refusal."""


class VirtualPathError(ValueError):
    """A path that names nothing the VFS can reach; `path` is printable, `reason` says why."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass(frozen=True)
class VirtualPath:
    """A resolved path: the mount's virtual root and the parts below it (none for the mount itself)."""

    mount: str
    parts: tuple[str, ...]

    @property
    def text(self) -> str:
        return "/".join((self.mount, *self.parts)) if self.parts else self.mount


def printable(path: str) -> str:
    """The path with NUL and line breaks escaped, so a message stays on one line."""
    return path.replace("\x00", "\\0").replace("\n", "\\n").replace("\r", "\\r")


def resolve_virtual(path: str, mounts: Sequence[str]) -> VirtualPath:
    """Resolve `path` against the mounts' virtual roots (the longest matching root wins).

    Raises VirtualPathError for a NUL or line break, `..` leaving the mount, or a path under no mount."""
    if any(char in path for char in FORBIDDEN_CHARACTERS):
        raise VirtualPathError(printable(path), "a path may not hold a NUL or a line break")
    text = path.strip()
    absolute = text if text.startswith("/") else f"{WORKSPACE}/{text}"
    while "//" in absolute:
        absolute = absolute.replace("//", "/")
    mount = _mount_of(absolute, mounts)
    if mount is None:
        known = ", ".join(sorted(mounts))
        raise VirtualPathError(path, f"not under a mount ({known}); absolute host paths are refused, use a virtual "
                               f"path{_project_spelling(absolute, mounts)}")
    parts: list[str] = []
    for part in absolute[len(mount):].split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                raise VirtualPathError(path, f"'..' leaves the mount {mount}")
            parts.pop()
            continue
        parts.append(part)
    return _innermost(VirtualPath(mount, tuple(parts)), mounts)


def _project_spelling(absolute: str, mounts: Sequence[str]) -> str:
    """How a file of the project under that name is written, when /workspace is a mount: a model that writes
    `/inventory/settings.py` for the project's file is told `inventory/settings.py`. Only words: the path
    stays refused, so the gate never sees one path while the tool reads another."""
    if WORKSPACE not in (mount.rstrip("/") for mount in mounts):
        return ""
    relative = absolute.strip("/")
    if relative.split("/")[0] in HOST_ROOTS:  # /home/ann/app/x.py is the host's, not the project's /x.py
        return ""
    return f"; a project file is named from the project's root ({relative}) or under {WORKSPACE} " \
        f"({WORKSPACE}/{relative})" if relative else ""


def _innermost(found: VirtualPath, mounts: Sequence[str]) -> VirtualPath:
    """The path under the longest mount that holds it once `.` and `..` are followed: `/prompts/./crews/x` and
    `/prompts/a/../crews/x` are under /prompts/crews, as `/prompts/crews/x` is, however the path was spelt."""
    inner = _mount_of(found.text, mounts)
    if inner is None or inner == found.mount:
        return found
    return VirtualPath(inner, tuple(part for part in found.text[len(inner):].split("/") if part))


def _mount_of(absolute: str, mounts: Sequence[str]) -> str | None:
    best: str | None = None
    for mount in mounts:
        root = mount.rstrip("/")
        if (absolute == root or absolute.startswith(root + "/")) and (best is None or len(root) > len(best)):
            best = root
    return best
