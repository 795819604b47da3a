"""A checkpoint row is data in state.db that anyone with the file can change: restoring one must never
write outside the workspace. Each crafted path is refused, naming it, before anything is planned; through
the real store and VFS, /undo of a tampered turn (a path leaving /workspace, another mount, a symlink put
where the turn wrote a file) is refused and writes nothing, inside the workspace or out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.adapters.sqlite_checkpoint_store import SqliteCheckpointStore
from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.adapters.vfs import create_workspace_vfs
from orkeon_engine.commands.session.undo import ARGS, run_undo
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.checkpoints import (
    Checkpoint,
    CheckpointRefusedError,
    FileChange,
    checked_workspace_path,
    plan_take_back,
)
from orkeon_engine.domain.ui.args import parse_args
from tests.support.deps import make_deps

CRAFTED = [
    "/workspace/../../etc/passwd",
    "/workspace/src/../../outside.txt",
    "/etc/passwd",
    "/output/../workspace/a.py",
    "/tmp/x",
    "../outside.txt",
    "src/a.py",
    "/workspace",
    "/workspace/a\x00.py",
    "/workspace/a.py\n/etc/passwd",
    "/workspace//a.py",
]


@pytest.mark.parametrize("path", CRAFTED)
def test_a_crafted_path_in_a_checkpoint_row_is_refused(path):
    tampered = Checkpoint(1, "edit", (FileChange(path, "safe\n", "owned\n"),))

    with pytest.raises(CheckpointRefusedError, match="nothing was restored") as refusal:
        plan_take_back([tampered])

    assert refusal.value.path == path


# --- through the real store and the real VFS: /undo on a tampered state.db never writes outside ------------

@pytest.fixture
def tampered(tmp_path):
    """A workspace, a folder beside it holding a secret, and a state.db whose checkpoint rows a test crafts."""
    workspace = tmp_path / "project"
    workspace.mkdir()
    (workspace / "cart.py").write_text("TAX = 0.21\n", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("key\n", encoding="utf-8")
    (workspace / ".orkeon" / "local").mkdir(parents=True)
    db = SqliteDatabase(workspace / ".orkeon" / "local" / "state.db")
    vfs = create_workspace_vfs(workspace, workspace / ".orkeon" / "local")
    yield workspace, outside, db, vfs
    vfs.close()
    db.close()


async def _undo_crafted(db, vfs, rows):
    store = SqliteCheckpointStore(db)
    deps = await make_deps(vfs=vfs, checkpoints=store)
    turn = await store.begin_turn(deps.session.id, "crafted")
    for path, before, after in rows:
        db.run_sync(lambda conn, p=path, b=before, a=after: conn.execute(
            "INSERT INTO checkpoint_files (session_id, turn, path, before, after) VALUES (?, ?, ?, ?, ?)",
            (deps.session.id, turn, p, b, a)))
    with pytest.raises(CommandFailedError) as refused:
        await run_undo(parse_args("undo", ARGS, []), deps)
    return str(refused.value)


@pytest.mark.parametrize("path", ["/workspace/../outside/secret.txt", "/workspace/../../etc/passwd", "/tmp/x",
                                  "/output/../workspace/cart.py"])
async def test_a_crafted_row_is_refused_and_neither_the_workspace_nor_outside_is_written(tampered, path):
    workspace, outside, db, vfs = tampered

    message = await _undo_crafted(db, vfs, [("/workspace/cart.py", "TAX = 0.2\n", "TAX = 0.21\n"),
                                            (path, "owned\n", "key\n")])

    assert "nothing was restored" in message
    assert (outside / "secret.txt").read_text(encoding="utf-8") == "key\n"
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.21\n"


async def test_a_symlink_put_where_the_turn_wrote_a_file_is_never_followed_out(tampered):
    workspace, outside, db, vfs = tampered
    (workspace / "leak.txt").symlink_to(outside / "secret.txt")

    message = await _undo_crafted(db, vfs, [("/workspace/cart.py", "TAX = 0.2\n", "TAX = 0.21\n"),
                                            ("/workspace/leak.txt", "owned\n", "key\n")])

    assert "leak.txt" in message and "nothing was restored" in message
    assert (outside / "secret.txt").read_text(encoding="utf-8") == "key\n"
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.21\n"


async def test_a_symlink_to_another_workspace_file_is_not_written_through(tampered):
    workspace, _, db, vfs = tampered
    (workspace / "alias.py").symlink_to(workspace / "cart.py")

    message = await _undo_crafted(db, vfs, [("/workspace/alias.py", "TAX = 0\n", "TAX = 0.21\n")])

    assert "alias.py" in message and "is a symlink now" in message
    assert (workspace / "cart.py").read_text(encoding="utf-8") == "TAX = 0.21\n"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["/", ".", "a", "\x00", "\n", "\\", "workspace", "..", "output", "tmp"]),
                max_size=12).map("".join))
def test_any_path_a_row_may_hold_is_refused_or_a_plain_file_under_the_workspace(path):
    try:
        checked = checked_workspace_path(path)
    except CheckpointRefusedError as refusal:
        assert refusal.path == path
        return

    parts = checked.split("/")
    assert checked == path and parts[:2] == ["", "workspace"] and len(parts) > 2
    assert all(part not in ("", ".", "..") for part in parts[2:]) and "\x00" not in checked and "\n" not in checked
