"""UserInterface: the ports an edge (the terminal, the editor) hands the engine to reach the person."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.progress import Progress


@dataclass(frozen=True)
class UserInterface:
    """How the engine asks the person, shows progress, and logs, for one edge."""

    human: HumanInput
    progress: Progress
    logger: Logger
    notice: Callable[[str], None] | None = None
    """A one-line notice the person sees at once, outside any command's output ("loading the model
    client"); None sends it to the log at info."""
