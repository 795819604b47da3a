"""The start-up's question whether a child row is left running: no for a state.db without children (the
tables then created) or with ended ones only, yes while one is running."""

import sqlite3
from datetime import UTC, datetime

import pytest

from orkeon_engine.adapters.sqlite_children_schema import any_child_running
from orkeon_engine.adapters.sqlite_children_store import SqliteChildStore
from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.domain.agents.children import ChildDraft
from tests.support.doubles.fake_clock import FakeClock

WHEN = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


@pytest.fixture
def db(tmp_path):
    database = SqliteDatabase(tmp_path / "state.db")
    yield database
    database.close()


async def test_a_state_db_without_children_has_none_running_and_gains_the_tables(db, tmp_path):
    assert await any_child_running(db) is False

    with sqlite3.connect(tmp_path / "state.db") as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"children", "child_messages"} <= tables


async def test_a_running_child_is_found_and_an_ended_one_is_not(db):
    store = SqliteChildStore(db, FakeClock())
    record = await store.create(ChildDraft(session_id="s1", charter="dev-reviewer", mode="plan", brief="Review",
                                           started=WHEN))

    assert await any_child_running(db) is True

    await store.finish(record.id, "done", "ok", "", WHEN)

    assert await any_child_running(db) is False
