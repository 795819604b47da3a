"""The programs a shell command line starts, for the `shell.allow` check, and that list's default.

A line may chain simple commands (`;`, `&&`, `||`, `|`, `&`, newlines, parentheses and braces); each
command's first word, after any `NAME=value` assignments and leading redirections, is its program.
What cannot be checked is refused: command substitution (`$(...)`, backquotes, `<(...)`), the shell's
control words (if, for, while, case, ...), here-documents, an unclosed quote. The check names the programs
a line starts, not what those programs run in turn (`python -c`, `find -exec`): the permission gate's
rules apply on top.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable

DEFAULT_SHELL_ALLOW: tuple[str, ...] = (
    "git", "python", "python3", "pip", "pytest", "ruff", "mypy", "black", "isort", "uv", "tox", "nox",
    "npm", "npx", "node", "pnpm", "yarn", "tsc", "eslint", "prettier", "make", "cargo", "go",
    "ls", "cat", "head", "tail", "wc", "grep", "rg", "find", "fd", "tree", "sort", "uniq", "diff",
    "cut", "sed", "echo", "pwd", "cd", "which", "true",
)
CONTROL_WORDS = frozenset(
    {"if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "select",
     "function", "coproc", "[[", "]]"}
)
SEPARATORS = frozenset(";&|\n()")
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_REDIRECTION = re.compile(r"^\d*(<<<|<|>>?|&>>?)")
_REDIRECTION_ALONE = re.compile(r"^\d*(<<<|<|>>?|&>>?)$")
_SUBSTITUTION = "command substitution ($(...), backquotes, <(...)) is not accepted, as the programs it " \
    "runs cannot be checked; run each command on its own"


class ShellLineError(ValueError):
    """A command line whose programs cannot be told; the message says what to change."""


def split_commands(line: str) -> list[str]:
    """The simple commands of a line, split at unquoted separators; raises ShellLineError."""
    segments: list[str] = []
    current: list[str] = []
    quote: str | None = None
    i = 0
    while i < len(line):
        char = line[i]
        if quote == "'":
            quote = None if char == "'" else quote
            current.append(char)
            i += 1
            continue
        if char == "\\":
            current.append(line[i:i + 2])
            i += 2
            continue
        if char == "`" or line.startswith("$(", i):
            raise ShellLineError(_SUBSTITUTION)
        if quote == '"':
            quote = None if char == '"' else quote
            current.append(char)
            i += 1
            continue
        if char in "'\"":
            quote = char
        elif line.startswith(("<(", ">("), i):
            raise ShellLineError(_SUBSTITUTION)
        elif line.startswith("<<", i) and not line.startswith("<<<", i):
            raise ShellLineError("here-documents (<<) are not accepted; write the text to a file first")
        elif line.startswith("<<<", i):
            current.append("<<<")
            i += 3
            continue
        elif char == "#" and (not current or current[-1].isspace()):
            end = line.find("\n", i)
            if end == -1:
                break
            i = end
            continue
        elif char == "&" and (line.startswith("&>", i) or (current and current[-1] in ("<", ">"))):
            pass  # a redirection (`&>file`, `2>&1`), not a separator
        elif char in SEPARATORS:
            segments.append("".join(current))
            current = []
            i += 1
            continue
        current.append(char)
        i += 1
    if quote is not None:
        raise ShellLineError("the command has an unclosed quote")
    segments.append("".join(current))
    return [segment.strip() for segment in segments if segment.strip()]


def program_of(command: str) -> str | None:
    """The program a simple command runs (its file name when written as a path), or None for a bare
    assignment or a lone brace; raises ShellLineError for a control word."""
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise ShellLineError(f"the command cannot be read ({error})") from None
    skip_next = False
    for word in words:
        if skip_next:
            skip_next = False
            continue
        if word in ("{", "}", "!") or _ASSIGNMENT.match(word):
            continue
        if _REDIRECTION.match(word):
            skip_next = _REDIRECTION_ALONE.match(word) is not None
            continue
        if not word:
            raise ShellLineError("a command names an empty program")
        if word in CONTROL_WORDS:
            raise ShellLineError(
                f"the shell's control words ({word}) are not accepted; run the commands one at a time"
            )
        return word.rstrip("/").rsplit("/", 1)[-1] or word
    return None


def programs_of(line: str) -> tuple[str, ...]:
    """Every program the line starts, in order, without repeats; raises ShellLineError."""
    if not line.strip():
        raise ShellLineError("the command is empty")
    found: dict[str, None] = {}
    for command in split_commands(line):
        program = program_of(command)
        if program is not None:
            found[program] = None
    if not found:
        raise ShellLineError("the command runs no program")
    return tuple(found)


def unlisted_programs(line: str, allowed: Iterable[str]) -> tuple[str, ...]:
    """The programs of the line that the allow list does not name; raises ShellLineError."""
    allow = set(allowed)
    return tuple(program for program in programs_of(line) if program not in allow)
