"""The notifier: what goes out, on which channel, and the waits between tries."""

from notifier import channels, config
from notifier.config import QUIET_END, QUIET_START


def in_quiet_hours(hour, start=QUIET_START, end=QUIET_END):
    """Whether `hour` falls in the quiet hours (which may run past midnight)."""
    if start > end:
        return hour >= start or hour < end
    return start <= hour < end


def plan(text, hour, channel=None):
    """(channel, message, waits) for `text` sent at `hour`, or None in the quiet hours."""
    if in_quiet_hours(hour):
        return None
    channel = channel or config.channel()
    if channel not in channels.CHANNELS:
        raise ValueError(f"unknown channel {channel!r}")
    message = channels.prepare(channel, text.strip())
    waits = [channels.backoff(attempt) for attempt in range(1, config.retries())]
    return channel, message, waits


def send_all(texts, hour, sent=None):
    """Plan each text at `hour`; the plans made, appended to `sent`."""
    if sent is None:
        sent = []
    for text in texts:
        planned = plan(text, hour)
        if planned is not None:
            sent.append(planned)
    return sent
