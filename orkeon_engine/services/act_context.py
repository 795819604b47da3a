"""ActContext: what one run of the tool loop (services/act.py) works with, beside the conversation it is given.

The tools it offers, the budget it stops on, the permission gate every call is put to, the model and its call
options, the clock the budget's seconds are read on; and, each optional, the progress line (the figures so far,
the person's cancel), the logger (a tool that raised), the turn's events (a front end that shows the turn as it
goes), the turn's hooks (PostToolUse), and the spawner that starts a child when the model calls spawn_agent,
with `parent` naming this run to the children it starts. `Llm.act` builds one for each run; a test builds its
own over the fakes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orkeon_engine.domain.model.act import Budget
from orkeon_engine.domain.model.chat import CallOptions
from orkeon_engine.ports.chat_model import ChatModel
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.permission_gate import PermissionGate
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.turn_events import TurnEvents

if TYPE_CHECKING:  # the tools (and pydantic) load with the first run, not at start-up
    from orkeon_engine.services.hooks import TurnHooks
    from orkeon_engine.tools.base import Tool
    from orkeon_engine.tools.spawn_agent import Spawner


@dataclass(frozen=True)
class ActContext:
    """One run of the tool loop's setting (the module docstring)."""

    tools: Sequence[Tool[Any]]
    """The tools offered, by name; a host tool (spawn_agent) among them raises UnknownToolError."""
    budget: Budget
    gate: PermissionGate
    model: ChatModel
    clock: Clock
    options: CallOptions = field(default_factory=CallOptions)
    progress: Progress | None = None
    logger: Logger | None = None
    events: TurnEvents | None = None
    """A front end that hears the turn as it goes: the model's text streamed, each call checked, started and
    finished."""
    hooks: TurnHooks | None = None
    """The assistant's turn's hooks: each call that ran is put to its PostToolUse hooks."""
    spawner: Spawner | None = None
    """What starts a child when the model calls spawn_agent; None offers no spawn_agent (a child's act)."""
    parent: str = ""
    """This run as a child names its parent (`/assistant (t2)`)."""
