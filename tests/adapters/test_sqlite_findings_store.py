"""SqliteFindingsStore over a real state.db: findings in rank order, positions, dismissals, restarts."""

import pytest

from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.adapters.sqlite_findings_store import SqliteFindingsStore
from orkeon_engine.domain.review.findings import DismissKey, Finding
from orkeon_engine.ports.findings_store import FindingsStoreError

LEAK = Finding("src/a.py", 4, 5, "    f = open(p)", "high", "correctness", "leak", "close it", "    with open(p) as f:")
NIT = Finding("src/b.py", 1, 1, "x=1", "nit", "maintainability", "spacing", "")


@pytest.fixture
def db(tmp_path):
    database = SqliteDatabase(tmp_path / "state.db")
    yield database
    database.close()


async def test_replaced_findings_load_back_in_their_order(db):
    store = SqliteFindingsStore(db)
    await store.replace([NIT, LEAK])

    assert await store.load() == [NIT, LEAK]


async def test_a_new_review_replaces_the_last_one(db):
    store = SqliteFindingsStore(db)
    await store.replace([NIT, LEAK])

    await store.replace([LEAK])

    assert await store.load() == [LEAK]


async def test_an_update_stores_the_new_position_under_the_same_id(db):
    store = SqliteFindingsStore(db)
    await store.replace([LEAK])

    await store.update([LEAK.moved(9)])

    assert [(f.id, f.line, f.end_line) for f in await store.load()] == [(LEAK.id, 9, 10)]


async def test_removed_and_cleared_findings_are_gone(db):
    store = SqliteFindingsStore(db)
    await store.replace([NIT, LEAK])
    await store.remove([NIT.id])
    remaining = await store.load()

    await store.clear()

    assert (remaining, await store.load()) == ([LEAK], [])


async def test_findings_and_dismissals_survive_a_new_connection(tmp_path):
    first = SqliteDatabase(tmp_path / "state.db")
    store = SqliteFindingsStore(first)
    await store.replace([LEAK])
    await store.dismiss(NIT.dismiss_key)
    first.close()
    second = SqliteDatabase(tmp_path / "state.db")

    reopened = SqliteFindingsStore(second)

    assert (await reopened.load(), await reopened.dismissed()) == ([LEAK], frozenset({NIT.dismiss_key}))
    second.close()


async def test_dismissing_twice_keeps_one_key(db):
    store = SqliteFindingsStore(db)
    await store.dismiss(DismissKey.of("a", "x", "tests"))

    await store.dismiss(DismissKey.of("a", " x ", "tests"))

    assert len(await store.dismissed()) == 1


async def test_a_row_that_no_longer_parses_is_skipped(db):
    store = SqliteFindingsStore(db)
    await store.replace([LEAK])
    db.run_sync(lambda conn: conn.execute("INSERT INTO review_findings VALUES ('x', 9, 'p', '{\"bad\": 1}')"))

    assert await store.load() == [LEAK]


async def test_a_closed_database_raises_the_ports_error(db):
    store = SqliteFindingsStore(db)
    db.close()

    with pytest.raises(FindingsStoreError, match="cannot be used"):
        await store.load()
