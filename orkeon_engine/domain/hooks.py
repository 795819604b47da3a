"""Hooks as the `hooks` setting declares them: shell commands meant to run at points of a session.

Nothing runs them yet: /hooks lists them and the assistant is told what is declared. The setting is an
object of event names (any name: since nothing fires them, no list of events is imposed; EXAMPLE_EVENTS
are the usual ones), each a command or a list of commands, a command being a string or
`{"command": "...", "matcher": "<tool name or *>"}`. A declaration that does not fit is reported as a
problem naming the event and the entry, never dropped silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

EXAMPLE_EVENTS: tuple[str, ...] = ("sessionStart", "beforeTool", "afterTool", "afterEdit", "afterTurn")
NOT_RUN_YET = "nothing runs them yet"


@dataclass(frozen=True)
class HookDeclaration:
    """One declared hook: when it would run, for which tools, and its command line."""

    event: str
    command: str
    matcher: str = "*"

    def describe(self) -> str:
        """`beforeTool shell_command: ./check.sh`, `afterTurn: make lint`."""
        where = f" {self.matcher}" if self.matcher != "*" else ""
        return f"{self.event}{where}: {self.command}"


@dataclass(frozen=True)
class HookBook:
    """The declared hooks in the setting's order, and one line per declaration that does not fit."""

    hooks: tuple[HookDeclaration, ...] = ()
    problems: tuple[str, ...] = ()


def parse_hooks(value: Any) -> HookBook:
    """Read the `hooks` setting's value (None when unset)."""
    if value is None:
        return HookBook()
    if not isinstance(value, dict):
        return HookBook(problems=(f"hooks: expected an object of events (such as {', '.join(EXAMPLE_EVENTS)})",))
    hooks: list[HookDeclaration] = []
    problems: list[str] = []
    for event, entries in value.items():
        if not event.strip() or any(c.isspace() for c in event):
            problems.append(f"hooks.{event!r}: an event is one word, such as {', '.join(EXAMPLE_EVENTS)}")
            continue
        if not isinstance(entries, list):
            entries = [entries]  # one command given alone
        for index, entry in enumerate(entries):
            parsed = _one(event, entry)
            if isinstance(parsed, str):
                problems.append(f"hooks.{event}[{index}]: {parsed}")
            else:
                hooks.append(parsed)
    return HookBook(tuple(hooks), tuple(problems))


def _one(event: str, entry: Any) -> HookDeclaration | str:
    if isinstance(entry, str):
        return HookDeclaration(event, entry.strip()) if entry.strip() else "an empty command"
    if not isinstance(entry, dict):
        return 'expected a command string or {"command": ..., "matcher": ...}'
    unknown = sorted(set(entry) - {"command", "matcher"})
    if unknown:
        return f"unknown field {unknown[0]!r}; fields: command, matcher"
    command = entry.get("command")
    if not isinstance(command, str) or not command.strip():
        return "a command string is required"
    matcher = entry.get("matcher", "*")
    if not isinstance(matcher, str) or not matcher.strip():
        return "the matcher must be a tool name or *"
    return HookDeclaration(event, command.strip(), matcher.strip())
