"""The children in state.db: created running, their transcript and usage kept, the first ending standing,
listed by session and parent, orphans and an engine's own children marked interrupted, and the tables added
to a state.db that predates them."""

import os
import sqlite3
from datetime import UTC, datetime

import pytest

from orkeon_engine.adapters.sqlite_children_schema import SCHEMA
from orkeon_engine.adapters.sqlite_children_store import SqliteChildStore
from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.adapters.sqlite_session_store import SqliteSessionStore
from orkeon_engine.adapters.sqlite_usage_ledger import SqliteUsageLedger
from orkeon_engine.domain.agents.children import ChildDraft
from orkeon_engine.domain.model.chat import ChatMessage, ToolCallRequest, Usage
from orkeon_engine.domain.model.usage import UsageRecord
from tests.support.doubles.fake_clock import FakeClock

WHEN = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
GONE = "4194305:gone"  # a pid above Linux's highest: no process has it


def _draft(**fields):
    values = {"session_id": "s1", "charter": "dev-reviewer", "mode": "plan", "brief": "Review plan.md",
              "started": WHEN, "tools": ("file_read", "node_read"), "step": "dev-plan", "parent": "/dev-plan (t1)"}
    return ChildDraft(**{**values, **fields})


@pytest.fixture
def db(tmp_path):
    database = SqliteDatabase(tmp_path / "state.db")
    yield database
    database.close()


async def test_a_created_child_is_running_with_its_id_and_owner(db):
    store = SqliteChildStore(db, FakeClock(), owner="7:abc")

    record = await store.create(_draft())

    assert (record.id, record.label, record.state, record.owner) == (1, "c1", "running", "7:abc")
    assert (record.tools, record.step, record.parent, record.background) == (
        ("file_read", "node_read"), "dev-plan", "/dev-plan (t1)", True)


async def test_the_transcript_keeps_every_message_in_order_with_its_tool_calls(db):
    store = SqliteChildStore(db, FakeClock())
    record = await store.create(_draft())
    call = ToolCallRequest("call_1", "file_read", '{"path": "plan.md"}')
    await store.add_messages(record.id, [ChatMessage.system("rules"), ChatMessage.assistant("", (call,))])
    await store.add_messages(record.id, [ChatMessage.tool(call, "# Plan")])

    transcript = await store.transcript(record.id)

    assert transcript == [ChatMessage.system("rules"), ChatMessage.assistant("", (call,)),
                          ChatMessage.tool(call, "# Plan")]


async def test_usage_adds_up_and_one_unpriced_call_makes_the_cost_unknown(db):
    store = SqliteChildStore(db, FakeClock())
    record = await store.create(_draft())
    await store.add_usage(record.id, Usage(100, 10, cost=0.01))
    await store.add_usage(record.id, Usage(50, 5, cost=0.002))
    priced = await store.get(record.id)
    await store.add_usage(record.id, Usage(1, 1, cost=None))

    unpriced = await store.get(record.id)

    assert (priced.usage.total_tokens, round(priced.usage.cost, 6)) == (165, 0.012)
    assert (unpriced.usage.total_tokens, unpriced.usage.cost) == (167, None)


async def test_the_first_ending_recorded_is_the_one_that_stands(db):
    store = SqliteChildStore(db, FakeClock())
    record = await store.create(_draft())
    await store.finish(record.id, "done", "the report", "", WHEN)

    again = await store.finish(record.id, "stopped", "", "too late", WHEN)

    assert (again.state, again.report, again.ended) == ("done", "the report", WHEN)


async def test_the_latest_children_are_listed_oldest_first_by_session_and_parent(db):
    store = SqliteChildStore(db, FakeClock())
    await store.create(_draft(brief="one"))
    await store.create(_draft(brief="two", session_id="s2"))
    await store.create(_draft(brief="three", parent="/assistant (t3)"))
    await store.create(_draft(brief="four"))

    mine = await store.recent("s1")
    latest = await store.recent("s1", limit=2)
    planned = await store.recent(parent="/dev-plan (t1)")

    assert [r.brief for r in mine] == ["one", "three", "four"]
    assert [r.brief for r in latest] == ["three", "four"]
    assert [r.brief for r in planned] == ["one", "two", "four"]


async def test_at_start_up_a_child_whose_process_is_gone_shows_as_interrupted(tmp_path):
    first = SqliteDatabase(tmp_path / "state.db")
    await SqliteChildStore(first, FakeClock(), owner=GONE).create(_draft())
    first.close()
    second = SqliteDatabase(tmp_path / "state.db")
    store = SqliteChildStore(second, FakeClock())

    count = await store.interrupt_orphans()

    record = await store.get(1)
    second.close()
    assert count == 1 and (record.state, record.detail) == (
        "interrupted", "the Orkeon process that ran it ended before it did")


async def test_a_child_of_a_live_process_is_left_running(db):
    await SqliteChildStore(db, FakeClock(), owner=f"{os.getppid()}:other").create(_draft())
    store = SqliteChildStore(db, FakeClock())

    count = await store.interrupt_orphans()

    assert count == 0 and (await store.get(1)).state == "running"


async def test_an_engine_that_closes_marks_its_own_running_children_interrupted_without_the_loop(db):
    mine = SqliteChildStore(db, FakeClock(), owner="1:mine")
    other = SqliteChildStore(db, FakeClock(), owner="1:other")
    await mine.create(_draft())
    await other.create(_draft())

    count = mine.interrupt_own()

    states = [(await mine.get(1)).state, (await mine.get(2)).state]
    assert count == 1 and states == ["interrupted", "running"]


async def test_an_existing_state_db_gains_the_tables_and_keeps_its_data(tmp_path):
    path = tmp_path / "state.db"
    old = SqliteDatabase(path)
    sessions = SqliteSessionStore(old, FakeClock())
    session = await sessions.create_session("before children")
    await SqliteUsageLedger(old).record(UsageRecord(session.id, "review", "m", Usage(10, 1), WHEN))
    old.close()
    reopened = SqliteDatabase(path)

    store = SqliteChildStore(reopened, FakeClock())
    record = await store.create(_draft(session_id=session.id))

    kept = await SqliteSessionStore(reopened, FakeClock()).get_session(session.id)
    summary = await SqliteUsageLedger(reopened).summary(session.id)
    reopened.close()
    assert (record.id, kept.title, summary.total.calls) == (1, "before children", 1)


async def test_a_database_that_fails_is_an_os_error_naming_it(tmp_path):
    db = SqliteDatabase(tmp_path / "state.db")
    store = SqliteChildStore(db, FakeClock())
    db.run_sync(lambda conn: conn.execute("DROP TABLE child_messages"))

    with pytest.raises(OSError, match=r"state\.db: a child could not be recorded"):
        await store.add_messages(1, [ChatMessage.user("hi")])
    db.close()


def test_the_schema_is_plain_sqlite():
    conn = sqlite3.connect(":memory:")

    conn.executescript(SCHEMA)

    assert {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} >= {
        "children", "child_messages"}
