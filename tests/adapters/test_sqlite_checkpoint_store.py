"""SqliteCheckpointStore over a real state.db: turns numbered per session, a file's first before and last
after kept, the files of a turn marked undone, all read back after a restart."""

import pytest

from orkeon_engine.adapters.sqlite_checkpoint_store import SqliteCheckpointStore
from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.domain.session.checkpoints import Checkpoint, FileChange


@pytest.fixture
def db(tmp_path):
    database = SqliteDatabase(tmp_path / "state.db")
    yield database
    database.close()


async def test_turns_are_numbered_from_one_in_each_session(db):
    store = SqliteCheckpointStore(db)
    await store.begin_turn("s1", "first")
    await store.begin_turn("s2", "other")

    turn = await store.begin_turn("s1", "second")

    assert turn == 2


async def test_a_file_written_twice_in_a_turn_keeps_its_first_before_and_last_after(db):
    store = SqliteCheckpointStore(db)
    turn = await store.begin_turn("s1", "edit cart")
    await store.record_file("s1", turn, "/workspace/cart.py", "A\n", "B\n")
    await store.record_file("s1", turn, "/workspace/cart.py", "B\n", "C\n")
    await store.record_file("s1", turn, "/workspace/new.py", None, "N\n")

    turns = await store.turns("s1")

    assert turns == [Checkpoint(1, "edit cart", (FileChange("/workspace/cart.py", "A\n", "C\n"),
                                                 FileChange("/workspace/new.py", None, "N\n")))]


async def test_undone_turns_read_back_as_undone_after_a_restart(tmp_path):
    first = SqliteDatabase(tmp_path / "state.db")
    store = SqliteCheckpointStore(first)
    await store.begin_turn("s1", "talk")
    turn = await store.begin_turn("s1", "edit")
    await store.record_file("s1", turn, "/workspace/a.py", "1\n", "2\n")
    await store.mark_files_undone("s1", [turn])
    first.close()
    again = SqliteDatabase(tmp_path / "state.db")

    turns = await SqliteCheckpointStore(again).turns("s1")
    again.close()

    assert [(t.turn, t.request, t.files_undone, len(t.files)) for t in turns] == [(1, "talk", False, 0),
                                                                                   (2, "edit", True, 1)]


async def test_where_the_conversation_stood_is_kept_with_the_turn(db):
    store = SqliteCheckpointStore(db)

    await store.begin_turn("s1", "edit", history_at=4)

    assert (await store.turns("s1"))[0].history_at == 4
