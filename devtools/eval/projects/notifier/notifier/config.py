"""The notifier's settings: the defaults here, a JSON file over them, the environment over both."""

import json
import os
from pathlib import Path

DEFAULT_RETRIES = 3
DEFAULT_CHANNEL = "email"
MAX_RETRIES = 6
RETRY_DELAY = 15
SMS_LIMIT = 160
QUIET_START = 22
QUIET_END = 7
LOG_LEVEL = "warning"


def retries():
    """How many times a message is tried, at most MAX_RETRIES."""
    return min(int(os.environ.get("NOTIFIER_RETRIES", DEFAULT_RETRIES)), MAX_RETRIES)


def channel():
    """The channel messages go out on."""
    return os.environ.get("NOTIFIER_CHANNEL", DEFAULT_CHANNEL).strip().lower()


def sender():
    """Who the messages are from."""
    return os.environ.get("NOTIFIER_SENDER", "alerts@example.org")


def log_level():
    """How much the service logs."""
    return os.environ.get("NOTIFIER_LOG_LEVEL", LOG_LEVEL).upper()


def quiet_hours(path=None):
    """The hours (start, end) when nothing is sent: the defaults, or the file's `quiet` pair."""
    if path is None or not Path(path).exists():
        return QUIET_START, QUIET_END
    pair = json.loads(Path(path).read_text(encoding="utf-8")).get("quiet")
    if pair is None:
        return QUIET_START, QUIET_END
    return pair[0], pair[1]
