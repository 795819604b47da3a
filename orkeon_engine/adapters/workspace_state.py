"""The workspace's private state folder: where its state.db and caches live, out of any clone's reach.

A cloned repository can carry any file, `.orkeon/local/state.db` included (`git add -f` ignores the folder's
own .gitignore), so nothing that changes what Orkeon does is read from under the workspace. The private state
lives in the person's state folder, `$XDG_STATE_HOME/orkeon/workspaces/<name>-<hash>/` (else
`~/.local/state/orkeon/...`), one folder a workspace keyed by its real path, as Claude Code keeps its projects
under the home folder: a symlink to the workspace is the same workspace, a copy elsewhere is another one.

The folder is made private (0700). One that another user owns is never used: the state is then kept in
memory and the limitation says why. `.orkeon/local/` in the workspace keeps only the crews' output
(`output/`), which the engine writes and never reads back as settings.

An older Orkeon kept state.db in `.orkeon/local/`: `settle_legacy_state` moves it over on the first run when
this user made it and git does not track it, leaving behind its state bag (the session's settings, rules,
mode and pinned files: what a planted file could steer); one that git tracks or another user owns is left
where it is, never read, and said once a run as an ignored file (`LegacyState.ignored`).
"""

from __future__ import annotations

import os
import re
import sqlite3
import stat
import subprocess
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from orkeon_engine.domain.workspace.digests import sha256_hex

STATE_FILE = "state.db"
LEGACY_DIR = (".orkeon", "local")
LEGACY_READ_BACK = (STATE_FILE, "code_index.db", "memory_index.db", "jedi")
"""What an older Orkeon read back from `.orkeon/local/` (the output folder aside): never read there now."""
GIT_TIMEOUT_SECONDS = 10


def user_state_dir(env: Mapping[str, str]) -> Path:
    """`$XDG_STATE_HOME/orkeon`, else `$HOME/.local/state/orkeon`, read from `env`; an `env` naming neither
    (a caller's own small environment) falls back to this process's, as Path.home() does for HOME."""
    if env.get("XDG_STATE_HOME"):
        return Path(env["XDG_STATE_HOME"]) / "orkeon"
    if env.get("HOME"):
        return Path(env["HOME"]) / ".local" / "state" / "orkeon"
    own = os.environ.get("XDG_STATE_HOME")
    return (Path(own) if own else Path.home() / ".local" / "state") / "orkeon"


def workspace_key(root: Path) -> str:
    """The folder name of a workspace's state: its name (for a person looking) and a hash of its real path."""
    real = os.path.realpath(root)
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", Path(real).name).strip("-.")[:40] or "root"
    return f"{name}-{sha256_hex(real.encode('utf-8', 'surrogateescape'))[:16]}"


def prepare_state_dir(root: Path, env: Mapping[str, str]) -> tuple[Path | None, str]:
    """The workspace's private state folder, made when missing (0700); (None, reason) when it cannot be
    made or is not this user's own."""
    folder = user_state_dir(env) / "workspaces" / workspace_key(root)
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        info = folder.lstat()
    except OSError as error:
        return None, f"{folder} cannot be created ({error.strerror or error})"
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        return None, f"{folder} is not a folder of its own (a link or a file): the state is kept in memory"
    if info.st_uid != os.getuid():
        return None, f"{folder} belongs to another user: the state is kept in memory"
    if info.st_mode & 0o077:
        try:
            folder.chmod(0o700)
        except OSError as error:
            return None, f"{folder} cannot be made private ({error.strerror or error})"
    return folder, ""


@dataclass(frozen=True)
class LegacyState:
    """What became of the state an older Orkeon left under the workspace: one line each."""

    moved: tuple[str, ...] = ()
    ignored: tuple[str, ...] = ()


def settle_legacy_state(root: Path, state_dir: Path | None) -> LegacyState:
    """Move `.orkeon/local/state.db` to `state_dir` when it is this user's own and untracked (and the new
    folder holds none yet); say which of the files an older Orkeon read back are ignored, and why."""
    legacy = root.joinpath(*LEGACY_DIR)
    present = [name for name in LEGACY_READ_BACK if (legacy / name).exists() or (legacy / name).is_symlink()]
    if not present:
        return LegacyState()
    tracked = _tracked(root, legacy)
    moved: list[str] = []
    ignored: list[str] = []
    for name in present:
        path = legacy / name
        shown = "/".join((*LEGACY_DIR, name))
        why = _why_untrusted(path, tracked)
        if why:
            ignored.append(f"ignored {shown}: {why}; Orkeon keeps this workspace's state in its own folder "
                           "and never reads this one (remove it, or `git rm --cached` it)")
        elif name == STATE_FILE and state_dir is not None and not (state_dir / STATE_FILE).exists():
            problem = _move_state_db(path, state_dir / STATE_FILE)
            if problem:
                ignored.append(f"ignored {shown}: it could not be moved to {state_dir} ({problem})")
            else:
                moved.append(f"moved {shown} to {state_dir / STATE_FILE}: its sessions, memory and findings "
                             "are kept; its session settings and rules were left behind (set them again)")
    return LegacyState(tuple(moved), tuple(ignored))


def _why_untrusted(path: Path, tracked: set[str] | None) -> str:
    """Why a file under `.orkeon/local/` cannot be this user's own state, or "" when it can be."""
    if tracked is None:
        return "git could not say whether it came with the repository"
    if any(entry == path.name or entry.startswith(path.name + "/") for entry in tracked):
        return "git tracks it, so it came with the repository"
    try:
        info = path.lstat()
    except OSError as error:
        return f"it cannot be read ({error.strerror or error})"
    if stat.S_ISLNK(info.st_mode):
        return "it is a link"
    if info.st_uid != os.getuid():
        return "another user made it"
    return ""


def _tracked(root: Path, legacy: Path) -> set[str] | None:
    """The paths under `legacy` (relative to it) that git tracks; empty outside a repository, None when git
    cannot answer inside one."""
    try:
        done = subprocess.run(["git", "-C", str(legacy), "ls-files", "-z", "--full-name", "--", "."],
                              capture_output=True, timeout=GIT_TIMEOUT_SECONDS, check=False)
    except (OSError, subprocess.SubprocessError):
        return set() if not _inside_git(root) else None
    if done.returncode != 0:
        return set() if not _inside_git(root) else None
    prefix = "/".join(LEGACY_DIR) + "/"
    names = (entry.decode("utf-8", "surrogateescape") for entry in done.stdout.split(b"\0") if entry)
    return {name.split(prefix, 1)[1] for name in names if prefix in name}


def _inside_git(root: Path) -> bool:
    return any((folder / ".git").exists() for folder in (root, *root.parents))


def _move_state_db(source: Path, target: Path) -> str:
    """Copy a state.db through SQLite's backup (WAL included), empty its state bag, then remove the old files;
    the reason on failure, with nothing half written at `target`."""
    partial = target.with_name(target.name + ".moving")
    try:
        with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as old, \
                closing(sqlite3.connect(partial, isolation_level=None)) as new:
            old.backup(new)
            new.execute("PRAGMA journal_mode = DELETE")  # every page in the one file before it is renamed
            if new.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'state_bag'").fetchone():
                new.execute("DELETE FROM state_bag")
        os.chmod(partial, 0o600)
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as error:
        for leftover in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm"), Path(f"{partial}-journal")):
            leftover.unlink(missing_ok=True)
        return str(error)
    for leftover in (source, Path(f"{source}-wal"), Path(f"{source}-shm")):
        leftover.unlink(missing_ok=True)
    return ""
