import subprocess
import sys
import textwrap

import pytest

from orkeon_engine.adapters.sqlite_db import SqliteDatabase, open_database
from orkeon_engine.adapters.sqlite_session_store import SqliteSessionStore
from orkeon_engine.domain.session.session import BufferEntry
from orkeon_engine.ports.session_store import SessionNotFoundError
from tests.support.doubles.fake_clock import FakeClock


@pytest.fixture
def store(tmp_path):
    db = SqliteDatabase(tmp_path / "state.db")
    yield SqliteSessionStore(db, FakeClock())
    db.close()


async def test_a_session_keeps_its_buffer_in_order(store):
    info = await store.create_session("first")
    await store.append_entries(info.id, [BufferEntry("user", "hello"), BufferEntry("assistant", "hi", "answer")])
    await store.append_entries(info.id, [BufferEntry("user", "again")])

    entries = await store.read_entries(info.id)

    assert [(e.role, e.text, e.kind) for e in entries] == [
        ("user", "hello", "message"), ("assistant", "hi", "answer"), ("user", "again", "message")]


async def test_the_state_bag_holds_json_values_and_none_removes_a_key(store):
    info = await store.create_session()
    await store.set_state(info.id, "a", {"x": [1, 2]})
    await store.set_state(info.id, "b", True)
    await store.set_state(info.id, "b", None)

    state = await store.read_state(info.id)

    assert state == {"a": {"x": [1, 2]}}


async def test_the_database_uses_write_ahead_logging(tmp_path):
    db = SqliteDatabase(tmp_path / "state.db")

    mode = db.run_sync(lambda conn: conn.execute("PRAGMA journal_mode").fetchone()[0], write=False)

    assert mode == "wal"
    db.close()


async def test_a_session_written_by_one_store_is_read_by_another(tmp_path):
    first = SqliteSessionStore(SqliteDatabase(tmp_path / "state.db"), FakeClock())
    info = await first.create_session("kept")
    await first.set_state(info.id, "k", "v")
    second = SqliteSessionStore(SqliteDatabase(tmp_path / "state.db"), FakeClock())

    reread = await second.get_session(info.id)

    assert reread.title == "kept" and await second.get_state(info.id, "k") == "v"


async def test_only_the_sessions_that_held_a_turn_are_listed(store):
    empty = await store.create_session("nothing yet")
    held = await store.create_session("parser work")
    await store.append_entries(held.id, [BufferEntry("user", "split the parser")])

    listed = await store.list_sessions()

    assert [info.id for info in listed] == [held.id] and empty.id != held.id


async def test_the_current_session_is_kept_for_the_next_store_of_the_workspace(tmp_path):
    first = SqliteSessionStore(SqliteDatabase(tmp_path / "state.db"), FakeClock())
    info = await first.create_session()
    await first.set_current_session(info.id)
    second = SqliteSessionStore(SqliteDatabase(tmp_path / "state.db"), FakeClock())

    current = await second.current_session_id()

    assert current == info.id


async def test_a_workspace_without_a_current_session_says_none(store):
    assert await store.current_session_id() is None


async def test_an_unknown_session_cannot_be_made_current(store):
    with pytest.raises(SessionNotFoundError, match="nope"):
        await store.set_current_session("nope")


async def test_an_unknown_session_id_is_not_found(store):
    with pytest.raises(SessionNotFoundError, match="nope"):
        await store.read_entries("nope")


async def test_a_failing_write_leaves_nothing_half_written(store):
    info = await store.create_session()

    def half(conn):
        conn.execute("INSERT INTO buffer_entries (session_id, seq, role, text, kind) VALUES (?, 1, 'user', 'x', 'm')",
                     (info.id,))
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await store._db.run(half)

    assert await store.read_entries(info.id) == []


async def test_an_unwritable_folder_gets_an_in_memory_database_that_says_so():
    db = open_database(None, "the folder is read-only")

    assert (db.persistent, db.limitation) == (False, "the folder is read-only")


WRITER = textwrap.dedent("""
    import asyncio, sys
    from pathlib import Path
    from orkeon_engine.adapters.sqlite_db import SqliteDatabase
    from orkeon_engine.adapters.sqlite_session_store import SqliteSessionStore
    from orkeon_engine.adapters.system_clock import SystemClock
    from orkeon_engine.domain.session.session import BufferEntry

    async def main(path, session_id, tag):
        store = SqliteSessionStore(SqliteDatabase(Path(path)), SystemClock())
        for i in range(150):
            await store.append_entries(session_id, [BufferEntry("user", f"{tag}-{i}")])
            await store.set_state(session_id, f"{tag}", i)

    asyncio.run(main(*sys.argv[1:]))
""")


async def test_two_processes_writing_the_same_workspace_at_once_corrupt_nothing(tmp_path, store):
    path = tmp_path / "state.db"
    info = await store.create_session()
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), info.id, tag]) for tag in ("a", "b")]

    codes = [p.wait(timeout=120) for p in procs]

    entries = await store.read_entries(info.id)
    texts = [e.text for e in entries]
    assert codes == [0, 0]
    assert len(texts) == 300 and len(set(texts)) == 300
    assert [t for t in texts if t.startswith("a-")] == [f"a-{i}" for i in range(150)]
    assert await store.read_state(info.id) == {"a": 149, "b": 149}
    integrity = store._db.run_sync(lambda c: c.execute("PRAGMA integrity_check").fetchone()[0], write=False)
    assert integrity == "ok"
