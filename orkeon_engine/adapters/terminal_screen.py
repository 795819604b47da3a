"""The terminal's screen: where the action lines, the spinner, the permission questions and the answers go.

Two screens with the same methods. PlainScreen is today's plain text, for scripts and CI: each action line
on stderr (an edit's diff indented under it), no spinner, the answer printed by the caller as it always was.
RichScreen, for a person at a terminal, draws with rich: a spinner with the elapsed time and the latest
figures (tokens, cost) while a command works, the answer's text as it streams in under it, action lines
with a syntax-highlighted diff, a permission question's diff in colour, and an assistant's answer rendered
as Markdown. `choose_screen` picks PlainScreen when NO_COLOR is set, when `--plain` was given, when TERM is
dumb, or when stdout is no terminal; rich is imported only when a RichScreen is made.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from orkeon_engine.domain.ui.view import CommandView

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.live import Live

    from orkeon_engine.domain.ui.action_lines import ActionLine

DONE_MARK = "•"
FAILED_MARK = "✗"
STREAM_TAIL_LINES = 6
"""How many of the last lines of the answer being written show under the spinner."""


class Screen(Protocol):
    """What the terminal's adapters draw on. Best effort: no method raises."""

    def working(self, title: str) -> None:
        """A command that works for a while has started: the spinner, where there is one."""

    def status(self, message: str) -> None:
        """The latest figures of the work (`turn 2: 1,200 tokens in, 40 out, $0.0020 so far`)."""

    def stream(self, chunk: str) -> None:
        """A piece of the answer as the model writes it."""

    def action(self, line: ActionLine) -> None:
        """One finished tool call."""

    def say(self, text: str) -> None:
        """A question or a notice, on its own lines (a permission question with its diff)."""

    def paused(self) -> Any:
        """A context in which the person is asked: nothing live is drawn meanwhile."""

    def done(self) -> None:
        """The command ended (or was cancelled): the spinner goes."""

    def show(self, view: CommandView, width: int) -> bool:
        """Draw the command's view itself; False: the caller prints its plain text as it always did."""


def choose_screen(environ: Mapping[str, str], plain: bool, stdout: TextIO | None = None,
                  stderr: TextIO | None = None) -> Screen:
    """RichScreen for a person at a terminal, else PlainScreen (the module docstring)."""
    out = stdout or sys.stdout
    if plain or environ.get("NO_COLOR") or environ.get("TERM") == "dumb" or not _is_tty(out):
        return PlainScreen(stderr)
    return RichScreen(out, stderr or sys.stderr)


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class PlainScreen:
    """Plain text on stderr; the caller prints the view (the module docstring)."""

    def __init__(self, err: TextIO | None = None) -> None:
        self._err = err

    def _write(self, text: str) -> None:
        try:
            target = self._err or sys.stderr
            target.write(text + "\n")
            target.flush()
        except (OSError, ValueError):
            pass

    def working(self, title: str) -> None:
        return None

    def status(self, message: str) -> None:
        return None

    def stream(self, chunk: str) -> None:
        return None

    def action(self, line: ActionLine) -> None:
        text = f"{FAILED_MARK if line.failed else DONE_MARK} {line.text}"
        if line.diff:
            text += "\n" + "\n".join(f"    {row}" for row in line.diff.splitlines())
        self._write(text)

    def say(self, text: str) -> None:
        self._write(text)

    @contextmanager
    def paused(self) -> Iterator[None]:
        yield

    def done(self) -> None:
        return None

    def show(self, view: CommandView, width: int) -> bool:
        return False


class RichScreen:
    """rich on the terminal (the module docstring). The spinner is a transient Live region: what it showed
    goes when the work ends, and the answer is then printed whole."""

    def __init__(self, out: TextIO, err: TextIO) -> None:
        from rich.console import Console

        self._out: Console = Console(file=out, highlight=False)
        self._err: Console = Console(file=err, highlight=False)
        self._live: Live | None = None
        self._title = ""
        self._status = ""
        self._streamed = ""
        self._started = 0.0
        self._spinner: Any = None

    # --- the spinner ---

    def working(self, title: str) -> None:
        from rich.live import Live

        self.done()
        self._title, self._status, self._streamed = title, "", ""
        self._started = time.monotonic()
        self._live = Live(console=self._err, transient=True, refresh_per_second=8, redirect_stdout=False,
                          redirect_stderr=False, get_renderable=self._render_live)
        self._safely(self._live.start)

    def _render_live(self) -> RenderableType:
        from rich.console import Group
        from rich.spinner import Spinner
        from rich.text import Text

        elapsed = time.monotonic() - self._started
        head = Text.assemble((self._title, "bold"), f" · {elapsed:.0f}s", (f" · {self._status}" if self._status
                                                                           else "", "dim"))
        tail = "\n".join(self._streamed.splitlines()[-STREAM_TAIL_LINES:])
        spinner = self._spinner or Spinner("dots")
        self._spinner = spinner
        spinner.update(text=head)
        return Group(spinner, Text(tail, style="dim")) if tail else spinner

    def status(self, message: str) -> None:
        self._status = message

    def stream(self, chunk: str) -> None:
        self._streamed += chunk

    def done(self) -> None:
        live, self._live = self._live, None
        if live is not None:
            self._safely(live.stop)

    @contextmanager
    def paused(self) -> Iterator[None]:
        live = self._live
        if live is not None:
            self._safely(live.stop)
        try:
            yield
        finally:
            if live is not None and self._live is live:
                self._safely(live.start)

    # --- lines ---

    def action(self, line: ActionLine) -> None:
        from rich.syntax import Syntax
        from rich.text import Text

        mark = (f"{FAILED_MARK} ", "red") if line.failed else (f"{DONE_MARK} ", "green")
        self._safely(self._err.print, Text.assemble(mark, line.text))
        if line.diff:
            self._safely(self._err.print, Syntax(line.diff, "diff", theme="ansi_dark", background_color="default",
                                                 padding=(0, 0, 0, 4)))

    def say(self, text: str) -> None:
        self._safely(self._err.print, _coloured_diff_lines(text))

    def show(self, view: CommandView, width: int) -> bool:
        """An answer written in Markdown is rendered; any other view is printed as plain text by the caller."""
        if not view.markdown or view.table is not None:
            return False
        from rich.markdown import Markdown
        from rich.text import Text

        for line in view.lines:
            self._safely(self._out.print, Text(line, style="dim"))
        answer, closing = _answer_and_closing(view.message)
        self._safely(self._out.print, Markdown(answer))
        if closing:
            self._safely(self._out.print, Text(closing, style="dim"))
        return True

    @staticmethod
    def _safely(call: Any, *args: Any) -> None:
        with suppress(OSError, ValueError):  # the terminal is gone
            call(*args)


def _answer_and_closing(message: str) -> tuple[str, str]:
    """The answer and its closing line (`(3 tool calls, ...)`, the message's last paragraph) apart."""
    body, sep, last = message.rstrip().rpartition("\n\n")
    if sep and last.startswith("(") and last.endswith(")") and "\n" not in last:
        return body, last
    return message, ""


def _coloured_diff_lines(text: str) -> Any:
    """A question's text with its diff lines in colour (added green, removed red, hunks cyan)."""
    from rich.text import Text

    styled = Text()
    for index, row in enumerate(text.splitlines()):
        if index:
            styled.append("\n")
        style = ""
        if row.startswith(("+++", "---")):
            style = "bold"
        elif row.startswith("+"):
            style = "green"
        elif row.startswith("-"):
            style = "red"
        elif row.startswith("@@"):
            style = "cyan"
        styled.append(row, style=style)
    return styled
