"""The workspace's private state folder: keyed by the workspace's real path, private to this user; an older
Orkeon's state.db under the workspace moved over when it is this user's own and untracked, ignored otherwise."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

from orkeon_engine.adapters.workspace_state import (
    prepare_state_dir,
    settle_legacy_state,
    user_state_dir,
    workspace_key,
)


def _git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True)


def _legacy_db(root: Path, setting: str = "bypassPermissions") -> Path:
    local = root / ".orkeon" / "local"
    local.mkdir(parents=True, exist_ok=True)
    path = local / "state.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE sessions (id TEXT PRIMARY KEY, title TEXT)")
        conn.execute("CREATE TABLE state_bag (session_id TEXT, key TEXT, value TEXT)")
        conn.execute("INSERT INTO sessions VALUES ('s1', 'the earlier work')")
        conn.execute("INSERT INTO state_bag VALUES ('s1', 'config:permissions.fallback', ?)", (f'"{setting}"',))
    return path


def test_the_state_folder_is_keyed_by_the_real_path_so_a_link_is_the_same_workspace(tmp_path):
    real = tmp_path / "project"
    real.mkdir()
    (tmp_path / "link").symlink_to(real)

    assert workspace_key(tmp_path / "link") == workspace_key(real)
    assert workspace_key(real) != workspace_key(tmp_path / "copy")
    assert workspace_key(real).startswith("project-")


def test_the_state_folder_follows_xdg_state_home_else_the_home_folder(tmp_path):
    assert user_state_dir({"XDG_STATE_HOME": str(tmp_path)}) == tmp_path / "orkeon"
    assert user_state_dir({"HOME": str(tmp_path)}) == tmp_path / ".local" / "state" / "orkeon"


def test_the_state_folder_is_made_private(tmp_path):
    folder, problem = prepare_state_dir(tmp_path / "w", {"XDG_STATE_HOME": str(tmp_path / "state")})

    assert problem == "" and folder is not None
    assert folder.stat().st_mode & 0o777 == 0o700


def test_a_state_folder_that_is_a_link_is_never_used(tmp_path):
    target = tmp_path / "elsewhere"
    target.mkdir()
    env = {"XDG_STATE_HOME": str(tmp_path / "state")}
    planned = user_state_dir(env) / "workspaces" / workspace_key(tmp_path / "w")
    planned.parent.mkdir(parents=True)
    planned.symlink_to(target)

    folder, problem = prepare_state_dir(tmp_path / "w", env)

    assert folder is None and "link" in problem


def test_an_untracked_state_db_of_this_user_moves_over_without_its_session_settings(tmp_path):
    root, state = tmp_path / "repo", tmp_path / "state"
    root.mkdir()
    state.mkdir()
    _git(root, "init", "-q")
    old = _legacy_db(root)

    settled = settle_legacy_state(root, state)

    assert not old.exists() and settled.ignored == ()
    assert len(settled.moved) == 1 and "session settings" in settled.moved[0]
    with sqlite3.connect(state / "state.db") as conn:
        assert conn.execute("SELECT title FROM sessions").fetchall() == [("the earlier work",)]
        assert conn.execute("SELECT count(*) FROM state_bag").fetchone() == (0,)


def test_a_state_db_that_git_tracks_is_ignored_and_never_moved(tmp_path):
    root, state = tmp_path / "repo", tmp_path / "state"
    root.mkdir()
    state.mkdir()
    _git(root, "init", "-q")
    old = _legacy_db(root)
    _git(root, "add", "-f", ".orkeon/local/state.db")

    settled = settle_legacy_state(root, state)

    assert old.exists() and not (state / "state.db").exists() and settled.moved == ()
    assert settled.ignored == (
        "ignored .orkeon/local/state.db: git tracks it, so it came with the repository; Orkeon keeps this "
        "workspace's state in its own folder and never reads this one (remove it, or `git rm --cached` it)",)


def test_a_tracked_jedi_cache_under_the_old_folder_is_ignored_too(tmp_path):
    root = tmp_path / "repo"
    (root / ".orkeon" / "local" / "jedi").mkdir(parents=True)
    (root / ".orkeon" / "local" / "jedi" / "cache.pkl").write_bytes(b"planted")
    _git(root, "init", "-q")
    _git(root, "add", "-f", ".orkeon/local/jedi/cache.pkl")

    settled = settle_legacy_state(root, tmp_path / "state")

    assert [line.split(":")[0] for line in settled.ignored] == ["ignored .orkeon/local/jedi"]


def test_a_state_db_that_is_a_link_is_ignored(tmp_path):
    root, state = tmp_path / "repo", tmp_path / "state"
    state.mkdir()
    real = _legacy_db(tmp_path / "elsewhere")
    (root / ".orkeon" / "local").mkdir(parents=True)
    (root / ".orkeon" / "local" / "state.db").symlink_to(real)

    settled = settle_legacy_state(root, state)

    assert "it is a link" in settled.ignored[0] and real.exists() and not (state / "state.db").exists()


def test_a_state_folder_that_holds_a_state_db_already_keeps_it(tmp_path):
    root, state = tmp_path / "repo", tmp_path / "state"
    state.mkdir()
    (state / "state.db").write_bytes(b"")
    old = _legacy_db(root)

    settled = settle_legacy_state(root, state)

    assert old.exists() and settled == settled.__class__()
    assert os.path.getsize(state / "state.db") == 0


def test_nothing_under_the_workspace_says_nothing(tmp_path):
    assert settle_legacy_state(tmp_path, tmp_path / "state") == settle_legacy_state(tmp_path, None)
    assert settle_legacy_state(tmp_path, None).moved == ()


def test_a_state_db_left_open_in_wal_mode_moves_over_whole_and_opens_as_the_engine_opens_it(tmp_path):
    from orkeon_engine.adapters.sqlite_db import SqliteDatabase

    root, state = tmp_path / "repo", tmp_path / "state"
    (root / ".orkeon" / "local").mkdir(parents=True)
    state.mkdir()
    writer = sqlite3.connect(root / ".orkeon" / "local" / "state.db", isolation_level=None)
    writer.execute("PRAGMA journal_mode = WAL")
    writer.execute("CREATE TABLE sessions (id TEXT PRIMARY KEY, title TEXT)")
    writer.execute("CREATE TABLE state_bag (session_id TEXT, key TEXT, value TEXT)")
    writer.execute("INSERT INTO sessions VALUES ('s1', 'kept in the wal')")
    writer.execute("INSERT INTO state_bag VALUES ('s1', 'config:hooks', '{}')")

    settled = settle_legacy_state(root, state)
    writer.close()

    database = SqliteDatabase(state / "state.db")
    rows = database.run_sync(lambda conn: conn.execute("SELECT title FROM sessions").fetchall(), write=False)
    bag = database.run_sync(lambda conn: conn.execute("SELECT count(*) FROM state_bag").fetchone(), write=False)
    database.close()
    assert settled.moved and rows == [("kept in the wal",)] and bag == (0,)
    assert sorted(p.name for p in state.iterdir() if p.name.startswith("state.db")) in (
        ["state.db"], ["state.db", "state.db-shm", "state.db-wal"])
