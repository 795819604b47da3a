"""What the prompt offers for the word being typed: command names (`/mo` → /mode, /model), a command's flags
(`--`), the closed choices of its arguments as the catalogue declares them (settings keys after `/config
get`, mode names after `/mode`), a `mode:` prefix's mode names in a request, and whether the word is a path
(the terminal then completes it from the disk).

Pure: the catalogue's argument specs in, the completions out; the prompt adapter draws them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.domain.permissions.modes import PERMISSION_MODES
from orkeon_engine.domain.ui.args import ArgSpec, Flag

MODE_PREFIX = "mode:"
_PATH_LIKE = re.compile(r"^(\.{1,2}/|~/|/)|/")


@dataclass(frozen=True)
class CommandWords:
    """What completion knows of one command: its name, aliases, arguments and what it does."""

    name: str
    spec: ArgSpec
    description: str = ""
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Completion:
    """A word that may replace the last `replaces` characters before the cursor."""

    text: str
    replaces: int
    meta: str = ""


@dataclass(frozen=True)
class LineCompletions:
    """The completions of the word at the cursor, and whether it is a path to complete from the disk."""

    words: tuple[Completion, ...] = ()
    path: str | None = None
    """The word to complete as a path (it may be empty: an argument that takes any file)."""


def complete_line(before: str, commands: Sequence[CommandWords], extra: Sequence[str] = ()) -> LineCompletions:
    """The completions of the text before the cursor (the module docstring); `extra` are words the prompt
    takes besides the commands (`exit`, `quit`), offered with a slash like them."""
    if "\n" in before:
        before = before.rsplit("\n", 1)[1]
    current = "" if not before or before[-1].isspace() else before.split()[-1]
    words = before.split()
    if before.startswith("/") and len(words) <= 1 and current:
        return LineCompletions(tuple(_command_names(current, commands, extra)))
    if before.startswith("/"):
        command = _find(words[0][1:], commands)
        if command is None:
            return LineCompletions()
        done = words[1:-1] if current else words[1:]
        return _argument(command.spec, done, current)
    return _request_word(current)


def _command_names(typed: str, commands: Sequence[CommandWords], extra: Sequence[str]) -> list[Completion]:
    found = [Completion(f"/{c.name}", len(typed), c.description) for c in commands if f"/{c.name}".startswith(typed)]
    found += [Completion(f"/{word}", len(typed)) for word in extra if f"/{word}".startswith(typed)]
    return sorted(found, key=lambda c: c.text)


def _find(name: str, commands: Sequence[CommandWords]) -> CommandWords | None:
    return next((c for c in commands if c.name == name or name in c.aliases), None)


def _argument(spec: ArgSpec, done: Sequence[str], current: str) -> LineCompletions:
    if current.startswith("-"):
        return LineCompletions(tuple(Completion(f"--{flag.name}", len(current), flag.help) for flag in spec.flags
                                     if f"--{flag.name}".startswith(current)))
    waiting = _flag_waiting(spec, done)
    if waiting is not None:
        return _choices(waiting.choices, current) if waiting.choices else LineCompletions(path=current)
    index = _positional_index(spec, done)
    if index >= len(spec.positionals):
        if not spec.positionals or not spec.positionals[-1].many:
            return LineCompletions()
        index = len(spec.positionals) - 1
    positional = spec.positionals[index]
    if positional.choices:
        return _choices(positional.choices, current)
    if positional.choices_from or spec.free_text:
        return _request_word(current) if spec.free_text else LineCompletions()
    return LineCompletions(path=current)


def _flag_waiting(spec: ArgSpec, done: Sequence[str]) -> Flag | None:
    """The flag whose value is the word being typed (the word before it is a flag that takes one)."""
    if not done or not done[-1].startswith("-") or "=" in done[-1]:
        return None
    flag = _flag(spec, done[-1])
    return flag if flag is not None and flag.takes_value else None


def _flag(spec: ArgSpec, word: str) -> Flag | None:
    name = word.lstrip("-")
    return next((f for f in spec.flags if f.name == name or (f.short and word == f"-{f.short}")), None)


def _positional_index(spec: ArgSpec, done: Sequence[str]) -> int:
    """How many positional words precede the one being typed (flags and their values not counted)."""
    count = 0
    skip = False
    for word in done:
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            flag = _flag(spec, word)
            skip = flag is not None and flag.takes_value and "=" not in word
            continue
        count += 1
    return count


def _choices(choices: Sequence[str], current: str) -> LineCompletions:
    return LineCompletions(tuple(Completion(choice, len(current)) for choice in choices
                                 if choice.lower().startswith(current.lower())))


def _request_word(current: str) -> LineCompletions:
    """In a request: a `mode:` prefix's modes, or a word that looks like a path."""
    if current.startswith(MODE_PREFIX):
        typed = current[len(MODE_PREFIX):]
        return LineCompletions(tuple(Completion(f"{MODE_PREFIX}{mode}", len(current)) for mode in PERMISSION_MODES
                                     if mode.lower().startswith(typed.lower())))
    if current and _PATH_LIKE.search(current):
        return LineCompletions(path=current)
    return LineCompletions()
