"""A line typed at the interactive prompt: a request for the assistant, a command with its tokens, or `exit`.

A line that starts with `/` is a command. Its words are split as a shell splits them, so a line reads the
same at the prompt as after `orkeon` in a shell (`/permissions add deny shell_command(git push:*)`), with
two differences a person typing at a prompt expects: an apostrophe that no quote closes is a letter
(`don't squash`), and the tail a command takes as typed (its ArgSpec's `typed_from`: the JSON of
/debug-tool-call, the request of /assistant) is handed over whole, quotes and spacing kept. Any other line
is a request for the assistant, handed over whole. `exit` or `quit` alone on the line (with or without the
slash, in any case) leaves the command line's prompt instead of reaching the model (`wants_to_leave`).

One input may hold several lines: a pasted text keeps its lines (the terminal's bracketed paste), and a
line ending with a backslash goes on on the next line (`continued`), the backslash taken away, as a
shell's continuation does; an even number of backslashes at the end is text.
"""

from __future__ import annotations

import io
import shlex
from collections.abc import Callable

from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError

LEAVE_WORDS: tuple[str, ...] = ("exit", "quit")
QUOTING_HINT = "close the quote, or put a backslash before it"

CONTINUATION_MARK = "\\"


def continued(line: str) -> tuple[str, bool]:
    """The line as it joins the input (without its continuation backslash), and whether the input goes on
    on the next line: it ends with an odd number of backslashes."""
    body = line.rstrip("\r\n")
    trailing = len(body) - len(body.rstrip(CONTINUATION_MARK))
    if trailing % 2 == 1:
        return body[:-1], True
    return body, False


def wants_to_leave(line: str) -> bool:
    """Whether the line is `exit` or `quit` alone (with or without one slash, in any case)."""
    text = line.strip().lower()
    return text.removeprefix("/") in LEAVE_WORDS


def line_tokens(line: str, spec_of: Callable[[str], ArgSpec | None], request_command: str) -> list[str]:
    """A typed line as a command and its tokens ([] for an empty line): a line without `/` becomes
    `request_command` with the whole line; `spec_of` finds a command's ArgSpec by name (None: unknown).
    Raises ArgumentError for a quote left open around more than an apostrophe."""
    text = line.strip()
    if not text:
        return []
    if not text.startswith("/"):
        return [request_command, text]
    body = text[1:]
    words = body.split(None, 1)
    spec = spec_of(words[0]) if words else None
    keep = None if spec is None or spec.typed_from is None else 1 + spec.typed_from
    return split_typed_words(body, keep)


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
