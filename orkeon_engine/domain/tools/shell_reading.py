"""What a command line means to the shell that runs it (bash), as the shell grammar reads it: pure data.

The ShellGrammar port (ports/shell_grammar.py) turns a line into a ShellLine; the permission rules, the
`shell.allow` check and the option policy read that, and nothing else, so the line is read once and the
way bash reads it. A line is a sequence of simple commands (`CommandPart`): the words bash hands the
program (quotes removed, leading `NAME=value` assignments kept), the files it redirects from and to, what
is fed to its input (here-documents, here-strings), and the doubts the reading has about it.

A doubt is anything whose effect the reading cannot tell for sure before bash runs it: an expansion
(`$x`, `${x}`, a glob that could become an option), a command or process substitution, a control
construct (`if`, `for`, a function), `eval`, a here-document, a background job (`&`), a redirection of
output to a file, or a piece the grammar could not parse. An allow rule never matches a part with a
doubt: such a line is asked. The deny rules still read every part, doubtful or not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

DoubtKind = Literal[
    "expansion",  # $x, ${x}, $((...)), $'...', a glob or brace pattern: the word is computed when it runs
    "substitution",  # $(...), `...`, <(...), >(...): another command line runs inside
    "control",  # if, for, while, case, [[ ]], a function definition: the shell's own programming
    "eval",  # eval, or a shell fed its script on its input
    "heredoc",  # a here-document
    "background",  # `&`: the command goes on after the line returns
    "redirection",  # output written to a file, or a redirection whose target is computed
    "syntax",  # a piece the grammar could not parse
]


@dataclass(frozen=True)
class Doubt:
    """Why the reading is not sure of a part, in the person's words (`detail`), and of which kind."""

    kind: DoubtKind
    detail: str


@dataclass(frozen=True)
class CommandPart:
    """One simple command of a line."""

    words: tuple[str, ...]
    """The words bash passes, quotes removed; a computed word keeps its text as written (`$f`, `.${x}env`)."""
    doubts: tuple[Doubt, ...] = ()
    """Why an allow rule can never match this part (empty when it can)."""
    reads: tuple[str, ...] = ()
    """Files redirected into the command (`< file`)."""
    writes: tuple[str, ...] = ()
    """Files the command's output is redirected to (`> file`, `>> file`, `&> file`); not /dev/null."""
    stdin: tuple[str, ...] = ()
    """What is fed to its input: here-document bodies and here-strings, as written."""

    @cached_property
    def text(self) -> str:
        """The part as the rules read it: its words, quoted only where a word needs it."""
        return join_words(self.words)

    @property
    def unsure(self) -> tuple[str, ...]:
        """The doubts in words, without repeats."""
        return tuple(dict.fromkeys(doubt.detail for doubt in self.doubts))

    def doubts_of(self, *kinds: DoubtKind) -> tuple[Doubt, ...]:
        return tuple(doubt for doubt in self.doubts if doubt.kind in kinds)


@dataclass(frozen=True)
class ShellLine:
    """A command line as bash reads it."""

    parts: tuple[CommandPart, ...]
    hidden: tuple[str, ...] = ()
    """The command lines inside substitutions, as written (the deny rules read them too)."""
    complete: bool = True
    """False when the grammar could not parse the whole line (an unclosed quote, a stray token)."""

    @property
    def sure(self) -> bool:
        """True when an allow rule may match the line at all: it parses, runs something, and has no doubt."""
        return self.complete and bool(self.parts) and all(not part.doubts for part in self.parts)

    @property
    def doubts(self) -> tuple[str, ...]:
        """Every doubt of the line in words, the unparsed rest first."""
        found = [] if self.complete else ["a piece that does not parse as bash"]
        for part in self.parts:
            found += part.unsure
        return tuple(dict.fromkeys(found))


ShellReader = Callable[[str], ShellLine]
"""How the pure rules read a line: the grammar adapter's `read`, handed in by the service that decides."""


def join_words(words: tuple[str, ...] | list[str]) -> str:
    """Words joined by spaces, a word quoted only when it is empty or holds a space or a quote."""
    return " ".join(quote_word(word) for word in words)


def quote_word(word: str) -> str:
    if word and not any(c.isspace() or c in "'\"" for c in word):
        return word
    if "'" not in word:
        return f"'{word}'"
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def program_name(word: str) -> str:
    """A program's name as the rules compare it: the file name of a path (`/usr/bin/git` is `git`)."""
    return word.rstrip("/").rsplit("/", 1)[-1] or word
