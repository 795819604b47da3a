"""The terminal's side of the UserInterface: questions on stdin/stderr, progress on stderr, and the width
the tables are fitted to. Given a Screen (adapters/terminal_screen.py), a question is drawn on it with its
diff in colour, the spinner paused while the person answers, and the progress's figures feed the spinner."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, TextIO

from orkeon_engine.domain.ui.free_answer import read_typed_answer

if TYPE_CHECKING:  # the screen and its action lines load with the engine, not with `orkeon --help`
    from orkeon_engine.adapters.terminal_screen import Screen
    from orkeon_engine.domain.tool_call import FileEdit

DEFAULT_WIDTH = 100
"""The width of the output when it is no terminal (a pipe, a file, CI) and COLUMNS is not set."""


def terminal_width(environ: Mapping[str, str] | None = None) -> int:
    """The columns to fit the output to: COLUMNS when set, else the terminal's width, else DEFAULT_WIDTH.

    shutil.get_terminal_size's rule for the columns, said here: shutil would import its compression modules
    on every command's output (`orkeon status`'s start, issue 48)."""
    try:
        columns = int((os.environ if environ is None else environ)["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ is not None else 0
    except (AttributeError, ValueError, OSError):  # no terminal, or a stdout without a file descriptor
        columns = 0
    return columns or DEFAULT_WIDTH


def can_prompt(stdin: Any = None, stdout: Any = None, environ: Mapping[str, str] | None = None) -> bool:
    """Whether a person is at a terminal that prompt_toolkit can draw on (both ends a tty, TERM not dumb)."""
    if (environ or {}).get("TERM") == "dumb":
        return False
    try:
        return bool((stdin or sys.stdin).isatty() and (stdout or sys.stdout).isatty())
    except (AttributeError, ValueError):
        return False


class TerminalHumanInput:
    """Asks on the terminal; with no terminal to ask (a pipe, CI) every question gets no answer (None).

    A question that also takes the person's own words (choose_or_write) lists the options and reads one line:
    a number or an option's words pick it, other words are the answer, an empty line is none."""

    def __init__(self, interactive: bool | None = None, out: TextIO | None = None,
                 given: TextIO | None = None, screen: Screen | None = None) -> None:
        self._interactive = interactive
        self._out = out
        self._in = given
        """Where the answers are read from (stdin unless given)."""
        self._screen = screen

    def _say(self, text: str, out: TextIO) -> None:
        if self._screen is not None:
            self._screen.say(text)
        else:
            out.write(text + "\n")

    @property
    def interactive(self) -> bool:
        if self._interactive is not None:
            return self._interactive
        return sys.stdin.isatty()

    async def choose(self, question: str, options: list[str], edits: Sequence[FileEdit] = ()) -> str | None:
        # the question's text holds the short diff of an edit: a terminal has nowhere else to show `edits`
        if not self.interactive or not options:
            return None
        out = self._out or sys.stderr
        lines = [question, *(f"  {i}) {option}" for i, option in enumerate(options, 1))]
        with self._paused():
            self._say("\n".join(lines), out)
            answer = await _read_line(f"choose 1-{len(options)}: ", out, self._in)
        if answer is None:
            return None
        answer = answer.strip()
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        for option in options:
            if option.lower() == answer.lower():
                return option
        return None

    async def choose_or_write(self, question: str, options: list[str]) -> str | None:
        if not self.interactive:
            return None
        out = self._out or sys.stderr
        lines = [question, *(f"  {i}) {option}" for i, option in enumerate(options, 1))]
        pick = f"choose 1-{len(options)}, or " if options else ""
        with self._paused():
            self._say("\n".join(lines), out)
            answer = await _read_line(f"{pick}write your own answer: ", out, self._in)
        return read_typed_answer(answer, options) if answer is not None else None

    async def ask_text(self, question: str, default: str = "") -> str | None:
        if not self.interactive:
            return None
        out = self._out or sys.stderr
        suffix = f" [{default}]" if default else ""
        with self._paused():
            answer = await _read_line(f"{question}{suffix}: ", out, self._in)
        if answer is None:
            return None
        return answer if answer.strip() else default

    def _paused(self) -> Any:
        return self._screen.paused() if self._screen is not None else nullcontext()


async def _read_line(prompt: str, out: TextIO, given: TextIO | None = None) -> str | None:
    def read() -> str | None:
        out.write(prompt)
        out.flush()
        line = (given or sys.stdin).readline()
        return None if line == "" else line.rstrip("\n")

    return await asyncio.to_thread(read)


def print_notice(text: str, out: TextIO | None = None) -> None:
    """A notice on its own line on stderr (the terminal's UserInterface.notice); never raises."""
    try:
        target = out or sys.stderr
        target.write(f"… {text}\n")
        target.flush()
    except (OSError, ValueError):
        pass


class TerminalProgress:
    """One line per step on stderr; Ctrl-C is how the terminal cancels, so `cancelled` stays False.

    With `steps` off only the beginning and the end are written: the crew's steps and turn counters are its
    bookkeeping, written with `--verbose` only (and a child in the background, whose every turn would
    clutter the prompt, never writes them); on a `screen` they are the spinner's figures instead."""

    def __init__(self, out: TextIO | None = None, quiet: bool = False, steps: bool = True,
                 screen: Screen | None = None) -> None:
        self._out = out
        self._quiet = quiet
        self._steps = steps
        self._screen = screen
        self._title = ""

    def _write(self, text: str) -> None:
        if self._quiet:
            return
        if self._screen is not None:  # above the spinner, not through it
            self._screen.say(text)
            return
        out = self._out or sys.stderr
        try:
            out.write(text + "\n")
            out.flush()
        except (OSError, ValueError):
            pass

    def begin(self, title: str, message: str = "") -> None:
        self._title = title
        self._write(f"… {title}" + (f": {message}" if message else ""))

    def report(self, message: str, percentage: int | None = None) -> None:
        if self._screen is not None:
            self._screen.status(message)
        if not self._steps:
            return
        pct = f" ({percentage}%)" if percentage is not None else ""
        prefix = f"{self._title}: " if self._title else ""
        self._write(f"… {prefix}{message}{pct}")

    def end(self, message: str = "") -> None:
        if message:
            self._write(f"✓ {self._title}: {message}")

    @property
    def cancelled(self) -> bool:
        return False
