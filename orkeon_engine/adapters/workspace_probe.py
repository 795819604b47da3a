"""The workspace on disk: where its root is (find_workspace_root), whether it is in a git repository and
writable, its .orkeon/local/ folder (the crews' output only) and its private state folder in the person's own
state folder (adapters/workspace_state.py), prepared (probe_workspace)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from orkeon_engine.adapters.workspace_state import prepare_state_dir, settle_legacy_state
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo

LOCAL_GITIGNORE = "# Orkeon's local state: never committed.\n*\n"
ORKEON_DIR = ".orkeon"
CEILING_VARIABLE = "ORKEON_CEILING_DIRECTORIES"


def find_git_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding `.git` (a folder or a worktree's file)."""
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return None


def ceiling_folders(env: Mapping[str, str]) -> set[Path]:
    """The folders of `ORKEON_CEILING_DIRECTORIES` (absolute paths joined by the platform's path separator,
    as git's GIT_CEILING_DIRECTORIES): outside a repository the search for `.orkeon/` looks neither in them
    nor above them. Empty and relative entries are ignored."""
    entries = env.get(CEILING_VARIABLE, "").split(os.pathsep)
    return {Path(entry).resolve() for entry in entries if entry and os.path.isabs(entry)}


def find_workspace_root(start: Path, home: Path | None = None, env: Mapping[str, str] | None = None,
                        temp_root: Path | None = None) -> Path:
    """The workspace `start` belongs to: the nearest folder at or above it holding `.orkeon/`, else the git top
    level, else `start` itself.

    Inside a repository the search for `.orkeon/` stops at its top level, so a repository is never swallowed
    by a folder above it. Outside one it stops below `home` (the person's home folder), the temporary root
    (`temp_root`, else each of temp_roots), the filesystem root and each ceiling folder of `env`
    (ceiling_folders; os.environ when None): a `.orkeon/` left in one of those (an earlier run's
    /tmp/.orkeon/) would otherwise make every folder below it one workspace."""
    start = start.resolve()
    git_root = find_git_root(start)
    env = os.environ if env is None else env
    stops = {(home or Path.home()).resolve(), Path(start.anchor), *ceiling_folders(env)}
    stops |= {temp_root.resolve()} if temp_root is not None else temp_roots(env)
    for folder in (start, *start.parents):
        if git_root is None and folder in stops:
            break
        if (folder / ORKEON_DIR).is_dir():
            return folder
        if folder == git_root:
            break
    return git_root or start


def prepare_local_dir(root: Path) -> tuple[Path | None, str]:
    """Create `.orkeon/local/` with its own .gitignore; (None, reason) when it cannot be made."""
    local = root / ORKEON_DIR / "local"
    try:
        local.mkdir(parents=True, exist_ok=True)
        ignore = local / ".gitignore"
        if not ignore.exists():
            ignore.write_text(LOCAL_GITIGNORE, encoding="utf-8")
    except OSError as error:
        return None, f"{local} cannot be created ({error.strerror or error})"
    return local, ""


def probe_workspace(root: Path, cwd: Path | None = None,
                    env: Mapping[str, str] | None = None) -> tuple[WorkspaceInfo, Path | None]:
    """The WorkspaceInfo of `root` and its `.orkeon/local/` folder (the crews' output; None when not
    writable); `cwd` is the folder the person works from (the command line's current folder), when it is not
    the root. The info names the private state folder (`state_dir`, None when it cannot be had: the state is
    then kept in memory) and what an older Orkeon left under the workspace that was moved or is ignored."""
    root = root.resolve()
    state_dir, state_problem = prepare_state_dir(root, os.environ if env is None else env)
    git_root = find_git_root(root)
    limitations: list[str] = []
    if git_root is None:
        limitations.append("not a git repository: the git commands and reviews are unavailable")
    writable = os.access(root, os.W_OK)
    local: Path | None = None
    if writable:
        local, reason = prepare_local_dir(root)
        if local is None:
            writable = False
            limitations.append(reason + ": the crews' output folder cannot be written")
    else:
        limitations.append(f"{root} is not writable: the crews' output folder cannot be written")
    if state_dir is None:
        limitations.append(state_problem + ": sessions are kept in memory only and nothing is saved")
    legacy = settle_legacy_state(root, state_dir)
    info = WorkspaceInfo(
        root=str(root),
        git_root=str(git_root) if git_root else None,
        writable=writable,
        limitations=tuple(limitations),
        cwd=str(cwd.resolve()) if cwd is not None else None,
        state_dir=str(state_dir) if state_dir is not None else None,
        moved=legacy.moved,
        ignored=legacy.ignored,
    )
    return info, local


def temp_roots(env: Mapping[str, str]) -> set[Path]:
    """The folders that may be the system's temporary root, as tempfile's own candidate list has them:
    TMPDIR, TEMP and TMP of `env`, then the platform's usual folders. None is tested for writing (tempfile
    would create a file in each to pick one): the search stops at every one of them, and tempfile (with the
    shutil and random it imports) stays unloaded (`orkeon status`'s start, issue 48)."""
    named = [env[name] for name in ("TMPDIR", "TEMP", "TMP") if env.get(name)]
    if os.name == "nt":
        named += [os.path.expanduser(r"~\AppData\Local\Temp"), rf"{env.get('SYSTEMROOT', '')}\Temp",
                  r"c:\temp", r"c:\tmp", r"\temp", r"\tmp"]
    else:
        named += ["/tmp", "/var/tmp", "/usr/tmp"]
    return {Path(folder).resolve() for folder in named}
