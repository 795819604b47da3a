"""The terminal's UserInterface, built once per `orkeon` run: its questions, progress, log, notices and turn
events drawn on one Screen (plain text for scripts, rich for a person; adapters/terminal_screen.py).

`--verbose` shows the crews' own bookkeeping (the assistant's steps, the tool loop's turn counters) and
the log at info; without it the person sees what the work does (its action lines) and its result."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from orkeon_engine.adapters.stderr_logger import LEVELS, StderrLogger
from orkeon_engine.adapters.system_clipboard import SystemClipboard
from orkeon_engine.adapters.terminal import TerminalHumanInput, TerminalProgress
from orkeon_engine.adapters.terminal_events import TerminalTurnEvents
from orkeon_engine.adapters.terminal_screen import PlainScreen, Screen, choose_screen
from orkeon_engine.adapters.terminal_wait_line import TerminalWaitLine
from orkeon_engine.ports.ui import UserInterface

VERBOSE_LEVEL = "info"


@dataclass(frozen=True)
class TerminalUi:
    """The UserInterface handed to the engine, and the screen the command line draws its results on."""

    ui: UserInterface
    screen: Screen


def terminal_ui(environ: Mapping[str, str], verbose: bool = False, plain: bool = False) -> TerminalUi:
    """The terminal's UserInterface (the module docstring); `plain` forces today's plain text."""
    screen = choose_screen(environ, plain)
    human = TerminalHumanInput(screen=screen)
    ui = UserInterface(
        clipboard=SystemClipboard(environ, sys.stdout),
        human=human,
        progress=TerminalProgress(steps=verbose, screen=screen),
        logger=StderrLogger(log_level(environ, verbose), _ScreenStream(screen)),
        can_ask=human.interactive,
        progress_for=lambda title: TerminalProgress(steps=False),
        background_human=TerminalHumanInput(interactive=False),
        notice=lambda text: screen.say(f"… {text}"),
        events=TerminalTurnEvents(screen),
        # the wait for a model's first byte: a line of its own in plain text; drawn, the spinner's status says it
        waiting=TerminalWaitLine() if isinstance(screen, PlainScreen) else _status_line(screen),
    )
    return TerminalUi(ui, screen)


def _status_line(screen: Screen) -> Callable[[str | None], None]:
    def show(text: str | None) -> None:
        if text is not None:
            screen.status(text)

    return show


class _ScreenStream:
    """The log's lines written on the screen (above its spinner), as a text stream."""

    def __init__(self, screen: Screen) -> None:
        self._screen = screen

    def write(self, text: str) -> int:
        self._screen.say(text.rstrip("\n"))
        return len(text)

    def flush(self) -> None:
        return None


def log_level(environ: Mapping[str, str], verbose: bool) -> str:
    """ORKEON_LOG_LEVEL (warning by default); `--verbose` lowers it to info, never raises it."""
    level = environ.get("ORKEON_LOG_LEVEL", "warning")
    if verbose and LEVELS.get(level, 30) > LEVELS[VERBOSE_LEVEL]:
        return VERBOSE_LEVEL
    return level
