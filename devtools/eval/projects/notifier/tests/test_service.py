import json

import pytest
from notifier import channels, config, service


@pytest.fixture(autouse=True)
def no_overrides(monkeypatch):
    for name in ("NOTIFIER_RETRIES", "NOTIFIER_CHANNEL", "NOTIFIER_SENDER", "NOTIFIER_LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)


def test_the_defaults():
    assert (config.retries(), config.channel(), config.sender(), config.quiet_hours(), config.log_level()) == (
        3, "email", "alerts@example.org", (22, 7), "WARNING")


def test_the_environment_overrides_them(monkeypatch):
    monkeypatch.setenv("NOTIFIER_RETRIES", "5")
    monkeypatch.setenv("NOTIFIER_CHANNEL", " SMS ")
    assert (config.retries(), config.channel()) == (5, "sms")


def test_retries_stop_at_six(monkeypatch):
    monkeypatch.setenv("NOTIFIER_RETRIES", "9")
    assert config.retries() == 6


def test_quiet_hours_from_a_file(tmp_path):
    with_pair, without = tmp_path / "a.json", tmp_path / "b.json"
    with_pair.write_text(json.dumps({"quiet": [1, 5]}), encoding="utf-8")
    without.write_text("{}", encoding="utf-8")
    assert (config.quiet_hours(with_pair), config.quiet_hours(without)) == ((1, 5), (22, 7))


def test_an_sms_is_cut_at_160_characters():
    assert (len(channels.format_message("sms", "x" * 200)), len(channels.format_message("email", "x" * 200))) == (
        160, 200)


def test_backoff_doubles_from_fifteen_seconds():
    assert [channels.backoff(attempt) for attempt in (1, 2, 3)] == [15, 30, 60]


@pytest.mark.parametrize(("hour", "quiet"), [(21, False), (22, True), (23, True), (0, True), (6, True), (7, False),
                                              (12, False)])
def test_the_quiet_hours_run_past_midnight(hour, quiet):
    assert service.in_quiet_hours(hour) is quiet


def test_quiet_hours_within_a_day():
    assert [service.in_quiet_hours(hour, 9, 17) for hour in (8, 9, 16, 17)] == [False, True, True, False]


def test_plan_prepares_the_message_and_the_waits():
    assert service.plan("  disk full ", 12) == ("email", "alerts@example.org: disk full", [15, 30])


def test_plan_on_another_channel():
    assert service.plan("hi", 12, "chat") == ("chat", "alerts@example.org: hi", [15, 30])


def test_nothing_is_planned_in_the_quiet_hours():
    assert service.plan("hi", 23) is None


def test_an_unknown_channel_is_refused():
    with pytest.raises(ValueError):
        service.plan("hi", 12, "fax")


def test_send_all_starts_a_fresh_list_each_time():
    first = service.send_all(["a", "b"], 12)
    second = service.send_all(["c"], 12)
    assert (len(first), len(second), service.send_all(["d"], 23)) == (2, 1, [])
