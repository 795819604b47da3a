"""One argument parser for every command: flags with and without values, positional words, `--`.

A command declares what it accepts as an ArgSpec; `parse_args` turns its tokens (as a shell splits them)
into ParsedArgs or raises ArgumentError, whose message names the problem and the command's usage.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field


class ArgumentError(Exception):
    """Tokens a command does not accept; the message says what is wrong and shows the usage."""

    def __init__(self, problem: str, usage: str) -> None:
        super().__init__(f"{problem}\nusage: {usage}")
        self.problem = problem
        self.usage = usage


@dataclass(frozen=True)
class Flag:
    """A `--name` flag; with `value` set it takes one value (`--name V` or `--name=V`).

    With `words` set, the value runs over every word up to the next flag, joined by one space, so
    `--because it breaks blame` reads the same typed at the prompt as quoted in a shell."""

    name: str
    help: str = ""
    value: str | None = None
    repeatable: bool = False
    short: str | None = None
    words: bool = False
    choices: tuple[str, ...] = ()
    """The values the flag takes, when they are a closed list (an editor completes them); empty: any text."""

    @property
    def takes_value(self) -> bool:
        return self.value is not None

    def usage(self) -> str:
        text = f"--{self.name}" + (f" {self.value}" if self.value else "")
        return f"[{text}]" + ("..." if self.repeatable else "")


@dataclass(frozen=True)
class Positional:
    """A positional word; `many` takes every remaining word, `required` needs at least one."""

    name: str
    help: str = ""
    required: bool = False
    many: bool = False
    choices: tuple[str, ...] = ()
    """The words it takes, when they are a closed list (an editor completes them); empty: any text."""
    choices_from: str = ""
    """A source of the words known only at run time (`sessions`: the saved sessions' ids), which an editor
    asks the running engine for (Engine.choices; the language server's `orkeon/choices` request)."""

    def usage(self) -> str:
        text = self.name + ("..." if self.many else "")
        return f"<{text}>" if self.required else f"[{text}]"


@dataclass(frozen=True)
class Choice:
    """One value an editor may offer for an argument, with a few words about it."""

    value: str
    detail: str = ""


@dataclass(frozen=True)
class ArgSpec:
    """What one command accepts."""

    flags: tuple[Flag, ...] = ()
    positionals: tuple[Positional, ...] = ()
    free_text: bool = False
    """When true, every word (and unknown flag) after the known flags is kept as positional text."""
    typed_from: int | None = None
    """At the interactive prompt, the words from this position on are handed over as one token, exactly as
    typed (quotes, apostrophes and spacing kept): a request in free text (0), a JSON object (1). None: the
    whole line is split into words as a shell would."""

    def usage(self, command: str) -> str:
        parts = [f"/{command}"]
        parts.extend(p.usage() for p in self.positionals)
        parts.extend(f.usage() for f in self.flags)
        return " ".join(parts)

    def hint(self) -> str:
        """The argument hint: the usage without the command's name."""
        return " ".join([*(p.usage() for p in self.positionals), *(f.usage() for f in self.flags)])

    def flag(self, name: str) -> Flag | None:
        for candidate in self.flags:
            if candidate.name == name or (candidate.short is not None and candidate.short == name):
                return candidate
        return None


@dataclass(frozen=True)
class ParsedArgs:
    """The outcome of a parse: flag values by name and the positional words in order."""

    flags: dict[str, list[str | bool]] = field(default_factory=dict)
    words: tuple[str, ...] = ()

    def has(self, name: str) -> bool:
        return name in self.flags

    def value(self, name: str, default: str | None = None) -> str | None:
        values = self.flags.get(name)
        if not values:
            return default
        last = values[-1]
        return last if isinstance(last, str) else default

    def values(self, name: str) -> list[str]:
        return [v for v in self.flags.get(name, []) if isinstance(v, str)]

    def word(self, index: int, default: str | None = None) -> str | None:
        return self.words[index] if index < len(self.words) else default

    def rest(self, start: int = 0) -> tuple[str, ...]:
        return self.words[start:]


def split_line(line: str) -> list[str]:
    """Split a command line into tokens as a shell would; an unclosed quote is an ArgumentError."""
    try:
        return shlex.split(line)
    except ValueError as error:
        raise ArgumentError(f"cannot split the line: {error}", "quote each argument that holds spaces") from None


def parse_args(command: str, spec: ArgSpec, tokens: list[str] | tuple[str, ...]) -> ParsedArgs:
    """Parse tokens against a command's ArgSpec, or raise ArgumentError naming its usage."""
    usage = spec.usage(command)
    flags: dict[str, list[str | bool]] = {}
    words: list[str] = []
    index = 0
    only_words = False
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if only_words or not _looks_like_flag(token):
            words.append(token)
            continue
        if token == "--":
            only_words = True
            continue
        name, _, inline = token.lstrip("-").partition("=")
        has_inline = "=" in token
        flag = spec.flag(name) if token.startswith("--") or len(name) == 1 else None
        if flag is None:
            if spec.free_text:
                words.append(token)
                continue
            raise ArgumentError(f"unknown flag {token.split('=')[0]}", usage)
        if flag.name in flags and not flag.repeatable:
            raise ArgumentError(f"--{flag.name} is given twice", usage)
        if flag.takes_value:
            if has_inline:
                value = inline
            elif index < len(tokens):
                value = tokens[index]
                index += 1
            else:
                raise ArgumentError(f"--{flag.name} needs a value ({flag.value})", usage)
            if flag.words:
                taken = _words_up_to_a_flag(tokens, index)
                value = " ".join([value, *tokens[index:taken]])
                index = taken
            flags.setdefault(flag.name, []).append(value)
        else:
            if has_inline:
                raise ArgumentError(f"--{flag.name} takes no value", usage)
            flags.setdefault(flag.name, []).append(True)
    _check_words(spec, words, usage)
    return ParsedArgs(flags=flags, words=tuple(words))


def _words_up_to_a_flag(tokens: list[str] | tuple[str, ...], start: int) -> int:
    """The index of the first token from `start` on that is a flag (or `--`), or the end."""
    index = start
    while index < len(tokens) and not _looks_like_flag(tokens[index]):
        index += 1
    return index


def _looks_like_flag(token: str) -> bool:
    return token.startswith("-") and token != "-" and not _is_number(token)


def _is_number(token: str) -> bool:
    try:
        float(token)
    except ValueError:
        return False
    return True


def _check_words(spec: ArgSpec, words: list[str], usage: str) -> None:
    if spec.free_text:
        return
    required = [p for p in spec.positionals if p.required]
    if len(words) < len(required):
        missing = required[len(words)]
        raise ArgumentError(f"missing <{missing.name}>", usage)
    takes_many = any(p.many for p in spec.positionals)
    if not takes_many and len(words) > len(spec.positionals):
        extra = words[len(spec.positionals)]
        raise ArgumentError(f"unexpected word {extra!r}", usage)
