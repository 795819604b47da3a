"""SpeechError: what a speech tool could not do, in words the person can act on (what to install)."""


class SpeechError(Exception):
    """A tool's failure; the message says what is missing or wrong and how to fix it."""
