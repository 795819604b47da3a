"""The workspace's SQLite file: a read answers at once, even while another process holds the write lock,
and sees what was committed."""

import sqlite3

from orkeon_engine.adapters.sqlite_db import SqliteDatabase, open_database


def _table(db):
    db.ensure_schema("t", "CREATE TABLE IF NOT EXISTS t (v INTEGER)")


def _count(conn):
    return conn.execute("SELECT count(*) FROM t").fetchone()[0]


async def test_a_read_sees_what_a_write_committed(tmp_path):
    db = open_database(tmp_path)
    _table(db)

    await db.run(lambda conn: conn.execute("INSERT INTO t VALUES (1)"))

    assert await db.run(_count, write=False) == 1
    db.close()


async def test_a_read_is_not_held_by_another_processs_writer(tmp_path):
    db = open_database(tmp_path)
    _table(db)
    other = sqlite3.connect(tmp_path / "state.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO t VALUES (7)")  # written, not committed: WAL readers do not wait for it

    seen = await db.run(_count, write=False)

    other.execute("COMMIT")
    assert seen == 0 and await db.run(_count, write=False) == 1
    other.close()
    db.close()


async def test_an_in_memory_database_reads_on_its_one_connection():
    db = SqliteDatabase(None, "the workspace is not writable")
    _table(db)
    await db.run(lambda conn: conn.execute("INSERT INTO t VALUES (1)"))

    assert await db.run(_count, write=False) == 1
    db.close()
