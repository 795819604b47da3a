"""The workspace's source files as the index sees them: what git lists (tracked and untracked, never
ignored), or a walk honouring the root .gitignore outside git; the vendored, generated and hidden folders
and the oversized files left out, and the files of unparsed languages counted by extension."""

from __future__ import annotations

import os
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from stat import S_ISREG

from orkeon_engine.domain.code_index.gitignore import is_ignored, parse_gitignore
from orkeon_engine.domain.code_index.languages import (
    MAX_FILE_BYTES,
    extension_of,
    in_skipped_dir,
    is_skipped_dir,
    language_of,
)


@dataclass
class SourceFile:
    path: str
    language: str
    size: int
    mtime_ns: int


@dataclass
class Listing:
    """The files to index, and what was left out."""

    files: list[SourceFile] = field(default_factory=list)
    ignored: int = 0
    unsupported: Counter[str] = field(default_factory=Counter)
    via_git: bool = False


def _git_paths(root: Path) -> list[str] | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True, timeout=30, check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    paths = [p for p in done.stdout.decode("utf-8", errors="surrogateescape").split("\0") if p]
    if not paths and _ignored_by_enclosing_repository(root):
        return None
    return paths


def _ignored_by_enclosing_repository(root: Path) -> bool:
    """A folder git ignores as a whole (a tool's install inside a dotfiles repository): walk it instead."""
    try:
        done = subprocess.run(["git", "-C", str(root), "check-ignore", "-q", "."], capture_output=True,
                              timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _walk_paths(root: Path) -> list[str]:
    ignore_file = root / ".gitignore"
    try:
        rules = parse_gitignore(ignore_file.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        rules = ()
    paths: list[str] = []
    for folder, dirs, files in os.walk(root):
        relative = os.path.relpath(folder, root).replace(os.sep, "/")
        relative = "" if relative == "." else relative
        kept = []
        for name in dirs:
            sub = f"{relative}/{name}" if relative else name
            if not is_skipped_dir(name) and not (rules and is_ignored(rules, sub, is_dir=True)):
                kept.append(name)
        dirs[:] = sorted(kept)
        for name in files:
            sub = f"{relative}/{name}" if relative else name
            if not (rules and is_ignored(rules, sub)):
                paths.append(sub)
    return paths


def list_source_files(root: Path, known: Listing | None = None) -> Listing:
    """Every file under `root` the index parses, with its size and modification time; the paths of a
    `known` listing (a recent one) taken again instead of asking git or walking, their sizes and times
    read afresh."""
    if known is not None:
        candidates: list[str] | None = [f.path for f in known.files]
        listing = Listing(via_git=known.via_git)
    else:
        candidates = _git_paths(root)
        listing = Listing(via_git=candidates is not None)
    if candidates is None:
        candidates = _walk_paths(root)
    for path in candidates:
        language = language_of(path)
        if language is None:
            if not in_skipped_dir(path):
                listing.unsupported[extension_of(path)] += 1
            continue
        if in_skipped_dir(path):
            listing.ignored += 1
            continue
        try:
            stat = os.stat(root / path)
        except OSError:
            continue
        if not S_ISREG(stat.st_mode):
            continue
        if stat.st_size > MAX_FILE_BYTES:
            listing.ignored += 1
            continue
        listing.files.append(SourceFile(path, language, stat.st_size, stat.st_mtime_ns))
    listing.files.sort(key=lambda f: f.path)
    return listing
