"""Path patterns of the file rules: gitignore-style, relative to the workspace.

`.env` (no slash) floats: it matches a file or folder of that name at any depth, inside the workspace or
outside it. A pattern with a slash is anchored at the workspace root (`src/**`, `/setup.py`); a trailing
slash names a folder and everything under it (`node_modules/`); `**` spans folders, `*` and `?` stay
within one name, `[abc]` is a character class. A pattern that matches a folder matches what it holds, as
in a .gitignore. A path outside /workspace is matched by the floating patterns only.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from functools import lru_cache

from orkeon_engine.domain.workspace.glob_patterns import glob_regex

WORKSPACE = "/workspace"


class PathPatternError(ValueError):
    """A path pattern that cannot be used: `offset` is the index of the problem inside the pattern."""

    def __init__(self, reason: str, offset: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.offset = offset


@dataclass(frozen=True)
class PathPattern:
    """A compiled pattern: `floating` when it matches at any depth, `regex` over a relative path."""

    text: str
    floating: bool
    regex: re.Pattern[str]

    def matches(self, virtual_path: str) -> bool:
        """True when the path (a virtual path, `/workspace/src/a.py`) or a folder above it matches."""
        place = locate(virtual_path)
        if place is None:
            return False
        relative, inside = place
        if not inside and not self.floating:
            return False
        return self.regex.fullmatch(relative) is not None


def check_path_pattern(text: str) -> None:
    """Raise PathPatternError when the pattern cannot be used in a rule."""
    if not text.strip():
        raise PathPatternError("the path pattern is empty", 0)
    if text.startswith("!"):
        raise PathPatternError("a rule cannot negate a pattern ('!'); put the exception in another list", 0)
    for index, char in enumerate(text):
        if char in "\n\r\t\x00":
            raise PathPatternError("a path pattern holds no control character", index)
    parts = text.strip("/").split("/")
    offset = 0 if not text.startswith("/") else 1
    for part in parts:
        if part == "..":
            raise PathPatternError("'..' would leave the workspace; patterns are relative to it", offset)
        offset += len(part) + 1


@lru_cache(maxsize=1024)
def compile_path_pattern(text: str) -> PathPattern:
    """The compiled pattern; raises PathPatternError for a pattern check_path_pattern refuses."""
    check_path_pattern(text)
    body = text.rstrip("/")
    anchored = body.startswith("/") or "/" in body
    body = body.lstrip("/")
    floating = not anchored
    if body.startswith("**/"):
        floating = True
        body = body[3:]
    core = glob_regex(body) if body not in ("", "**") else ".*"
    if body == "**":
        regex = ".+"
    elif floating:
        regex = f"(?:.*/)?{core}(?:/.*)?"
    else:
        regex = f"{core}(?:/.*)?"
    try:
        compiled = re.compile(regex, re.DOTALL)
    except re.error:
        raise PathPatternError("a character class in brackets is not valid", max(text.find("["), 0)) from None
    return PathPattern(text, floating, compiled)


@lru_cache(maxsize=4096)
def locate(virtual_path: str) -> tuple[str, bool] | None:
    """The path relative to the workspace and True, or an outside path without its leading slash and False.

    None for the workspace root itself or an empty path: no pattern names the whole workspace."""
    if not virtual_path:
        return None
    path = virtual_path if virtual_path.startswith(("/", "~")) else f"{WORKSPACE}/{virtual_path}"
    path = posixpath.normpath(path) if path.startswith("/") else path
    if path == WORKSPACE:
        return None
    if path.startswith(WORKSPACE + "/"):
        return path[len(WORKSPACE) + 1 :], True
    outside = path.lstrip("/~")
    return (outside, False) if outside else None


def workspace_relative(virtual_path: str) -> str | None:
    """The path relative to /workspace, or None when it lies outside (or is the root)."""
    place = locate(virtual_path)
    if place is None or not place[1]:
        return None
    return place[0]
