"""The usage ledger in state.db: records kept per session, an unknown cost kept unknown, and reopened."""

from datetime import UTC, datetime

import pytest

from orkeon_engine.adapters.sqlite_db import SqliteDatabase
from orkeon_engine.adapters.sqlite_session_store import SqliteSessionStore
from orkeon_engine.adapters.sqlite_usage_ledger import SqliteUsageLedger
from orkeon_engine.domain.model.chat import Usage
from orkeon_engine.domain.model.usage import UsageRecord
from tests.support.doubles.fake_clock import FakeClock

WHEN = datetime(2026, 1, 15, 9, 30, tzinfo=UTC)


@pytest.fixture
def db(tmp_path):
    database = SqliteDatabase(tmp_path / "state.db")
    yield database
    database.close()


async def test_the_summary_holds_only_that_sessions_calls_by_model_and_command(db):
    ledger = SqliteUsageLedger(db)
    await ledger.record(UsageRecord("s1", "review", "openai/a", Usage(100, 10, 5, 1, 0.01), WHEN))
    await ledger.record(UsageRecord("s1", "commit", "openai/a", Usage(50, 5, cost=None), WHEN))
    await ledger.record(UsageRecord("s2", "review", "openai/b", Usage(999, 9), WHEN))

    summary = await ledger.summary("s1")

    assert (summary.total.calls, summary.total.input_tokens, summary.total.cache_read_tokens) == (2, 150, 5)
    assert summary.total.cost_text() == "$0.0100 + 1 unpriced call"
    assert [name for name, _ in summary.by_model] == ["openai/a"]
    assert [name for name, _ in summary.by_command] == ["commit", "review"]


async def test_the_ledger_survives_reopening_beside_the_session_store(tmp_path):
    path = tmp_path / "state.db"
    first = SqliteDatabase(path)
    SqliteSessionStore(first, FakeClock())
    await SqliteUsageLedger(first).record(UsageRecord("s1", "review", "m", Usage(1, 1, cost=0.5), WHEN))
    first.close()
    second = SqliteDatabase(path)

    summary = await SqliteUsageLedger(second).summary("s1")

    assert summary.total.cost == 0.5
    second.close()


async def test_a_session_without_calls_sums_to_zero(db):
    summary = await SqliteUsageLedger(db).summary("nobody")

    assert summary.total.calls == 0 and summary.by_model == ()


async def test_a_write_that_fails_is_an_oserror_naming_the_store(db):
    ledger = SqliteUsageLedger(db)
    db.close()

    with pytest.raises(OSError, match="state.db"):
        await ledger.record(UsageRecord("s1", "r", "m", Usage(), WHEN))
