"""UserInterface: the ports an edge (the terminal, the editor) hands the engine to reach the person."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from orkeon_engine.ports.clipboard import Clipboard
from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.turn_events import TurnEvents


@dataclass(frozen=True)
class UserInterface:
    """How the engine asks the person, shows progress, and logs, for one edge."""

    human: HumanInput
    progress: Progress
    logger: Logger
    events: TurnEvents | None = None
    """The assistant's turn shown as it goes, for an edge that can (the ACP agent streams it)."""
    progress_for: Callable[[str], Progress] | None = None
    """A new progress line with that title, for work that runs beside the command (a child agent); None
    shares `progress`."""
    background_human: HumanInput | None = None
    """Who a background child asks; None: `human` (the editor's dialogs), while the terminal, whose prompt
    owns the keyboard, answers nobody."""
    notice: Callable[[str], None] | None = None
    """A one-line notice the person sees at once, outside any command's output ("loading the model
    client"); None sends it to the log at info."""
    waiting: Callable[[str | None], None] | None = None
    """A status line rewritten as it changes, while a model call waits for its first byte ("waiting for
    http://127.0.0.1:8080/v1: 12 s"); None clears it. None here: the wait is not shown."""
    can_ask: bool = True
    """False when nobody can answer a question at all (the command line without a terminal): a command that
    would stop to ask says so before it starts, instead of working up to a question nobody answers."""
    clipboard: Clipboard | None = None
    """The person's clipboard, for /copy (the command line's); None: the client copies the text /copy returns."""
