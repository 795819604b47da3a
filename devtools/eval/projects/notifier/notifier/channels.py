"""How a message goes out on each channel."""

from notifier import config
from notifier.config import RETRY_DELAY, SMS_LIMIT

CHANNELS = ("email", "sms", "chat")


def format_message(channel, text):
    """The text as the channel takes it: an SMS is cut at SMS_LIMIT characters."""
    if channel == "sms":
        return text[:SMS_LIMIT]
    return text


def prepare(channel, text):
    """The message as it goes out: the sender, then the text."""
    body = format_message(channel, text)
    return f"{config.sender()}: {body}"


def backoff(attempt):
    """Seconds to wait before try number `attempt` (the first is 1)."""
    return RETRY_DELAY * 2 ** (attempt - 1)
