"""The typed failures a command can end with; the engine renders each as a message, never a traceback."""

from __future__ import annotations


class CommandError(Exception):
    """Base of the failures a person sees as a message."""


class NotConfiguredError(CommandError):
    """Something the command needs is not set up; the message says how to set it up."""


class CommandFailedError(CommandError):
    """The command could not do its work; the message says what failed and, when known, why."""


class ConfigFileError(CommandFailedError):
    """A settings file that cannot be used: its path and the reason, on one line."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
