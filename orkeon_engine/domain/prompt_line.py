"""A line typed at the interactive prompt: a request for the assistant, a command with its tokens, or `exit`.

A line that starts with `/` is a command. Its words are split as a shell splits them, so a line reads the
same at the prompt as after `orkeon` in a shell (`/permissions add deny shell_command(git push:*)`), with
two differences a person typing at a prompt expects: an apostrophe that no quote closes is a letter
(`don't squash`), and the tail a command takes as typed (its ArgSpec's `typed_from`: the JSON of
/debug-tool-call, the request of /assistant) is handed over whole, quotes and spacing kept. Any other line
is a request for the assistant, handed over whole. `exit` or `quit` alone on the line (with or without the
slash, in any case) leaves the prompt instead of reaching the model.
"""

from __future__ import annotations

import io
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from orkeon_engine.domain.args import ArgSpec, ArgumentError

LEAVE_WORDS: tuple[str, ...] = ("exit", "quit")
QUOTING_HINT = "close the quote, or put a backslash before it"

LineKind = Literal["empty", "leave", "command"]


@dataclass(frozen=True)
class PromptLine:
    """What a line asks for: nothing, to leave, or a command (its name first, then its tokens)."""

    kind: LineKind
    tokens: tuple[str, ...] = ()


def read_prompt_line(line: str, spec_of: Callable[[str], ArgSpec | None], request_command: str) -> PromptLine:
    """The meaning of one typed line; `spec_of` finds a command's ArgSpec by name (None: unknown), and a
    line without `/` becomes `request_command` with the whole line. Raises ArgumentError for a quote left
    open around more than an apostrophe."""
    text = line.strip()
    if not text:
        return PromptLine("empty")
    if text.lower().lstrip("/") in LEAVE_WORDS and text.count("/") <= 1:
        return PromptLine("leave")
    if not text.startswith("/"):
        return PromptLine("command", (request_command, text))
    body = text[1:]
    name = body.split(None, 1)[0] if body.split() else ""
    spec = spec_of(name) if name else None
    keep = None if spec is None or spec.typed_from is None else 1 + spec.typed_from
    tokens = split_typed_words(body, keep)
    return PromptLine("command", tuple(tokens)) if tokens else PromptLine("empty")


def split_typed_words(text: str, keep: int | None = None) -> list[str]:
    """The words of `text` as a shell splits them; with `keep`, only the first `keep` words are split and
    the rest of the text follows as one token, as typed. An apostrophe no quote closes is a letter."""
    try:
        return _words(text, keep, quotes="'\"")
    except ValueError:
        pass
    try:
        return _words(text, keep, quotes='"')
    except ValueError as error:
        raise ArgumentError(f"cannot split the line: {error}", QUOTING_HINT) from None


def _words(text: str, keep: int | None, quotes: str) -> list[str]:
    stream = io.StringIO(text)
    lexer = shlex.shlex(stream, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""  # a # is a character like any other (`see #123`), as shlex.split has it
    lexer.quotes = quotes
    words: list[str] = []
    while keep is None or len(words) < keep:
        word = lexer.get_token()
        if word is None:
            return words
        words.append(word)
    rest = stream.read().strip()  # the lexer reads no further than the space that ended the last word
    return [*words, rest] if rest else words
