from datetime import UTC, datetime, timedelta

from orkeon_engine.domain.session.tasks import TaskRecord, format_elapsed

START = datetime(2026, 1, 15, 9, 30, tzinfo=UTC)


def test_a_running_task_counts_its_time_up_to_now():
    record = TaskRecord("t1", "advisor", "s1", "running", START)

    assert record.elapsed_seconds(START + timedelta(seconds=42)) == 42


def test_an_ended_task_counts_its_time_up_to_its_end():
    record = TaskRecord("t1", "advisor", "s1", "done", START, ended=START + timedelta(seconds=5))

    assert record.elapsed_seconds(START + timedelta(hours=1)) == 5


def test_durations_read_in_seconds_minutes_or_hours():
    assert [format_elapsed(s) for s in (4, 125, 3780)] == ["4s", "2m 05s", "1h 03m"]
