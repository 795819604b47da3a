"""What the main loop works over: its ports (commands/_shared/main_loop.py builds them from the Deps), and
the launch toolbox that builds the tools of one turn.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.checkpoint_store import CheckpointStore
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.hook_commands import HookCommands
from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.memory_store import MemoryStore
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.scratch_copies import ScratchCopies
from orkeon_engine.ports.shell import Shell
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.ports.turn_events import TurnEvents
from orkeon_engine.ports.usage_ledger import UsageLedger
from orkeon_engine.services.checkpoints import RecordingFiles
from orkeon_engine.services.compaction import CompactionPorts
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.context_window import WindowLookup
from orkeon_engine.services.gate import GatePorts
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.tools.toolbox import RunToolbox

if TYPE_CHECKING:
    from orkeon_engine.tools.base import Tool


class LaunchToolbox(Protocol):
    """Builds the tools of one turn (Deps.launch_toolbox)."""

    def __call__(self, extra: Sequence[Tool[Any]] = (), files: Files | None = None) -> Awaitable[RunToolbox]: ...


@dataclass(frozen=True)
class MainLoopPorts:
    """What the main loop works over (commands/_shared/main_loop.py builds it from the Deps)."""

    workspace: WorkspaceInfo
    session: CurrentSession
    config: ConfigStore
    clock: Clock
    human: HumanInput
    progress: Progress
    logger: Logger
    toolbox: LaunchToolbox
    """The run's tools with the given ones (todo_write) and the extra tools of `tools.extra`, checked at the
    call (ExtraToolsError); over the turn's recording Files when one is given."""
    llm: Llm | None = None
    files: Files | None = None
    shell: Shell | None = None
    memory: MemoryStore | None = None
    usage: UsageLedger | None = None
    window: WindowLookup | None = None
    events: TurnEvents | None = None
    """A front end that shows the turn as it goes (the model's text streamed, the calls, a plan)."""
    grammar: ShellGrammar | None = None
    hook_commands: HookCommands | None = None
    """Runs the hooks' commands; without it no hook runs (and none is declared to run)."""
    checkpoints: CheckpointStore | None = None
    """Where each turn's edits are recorded for /undo and /rewind; without it (or without files) none is."""
    can_ask: bool = True
    """False when nobody can answer a question (the command line without a terminal): the tools whose every
    call would ask are then left out (crews/main_loop/offer.py)."""
    scratch: ScratchCopies | None = None
    """Scratch copies of the workspace, where candidate changes are tried (`assistant.candidates`); without
    one, no candidate is asked for."""
    local_model: bool = False
    """The model is served on the person's own machine or network: a cost nobody priced is "no price (local
    model)" in the closing line, not "unknown"."""

    def recorder(self) -> RecordingFiles | None:
        """The Files port of one turn, recording its edits, when the engine keeps checkpoints."""
        if self.checkpoints is None or self.files is None:
            return None
        return RecordingFiles(self.files, self.checkpoints, self.session.id)

    def gate_ports(self) -> GatePorts:
        return GatePorts(self.config, self.session, self.human, self.grammar, self.logger)

    def require_llm(self) -> Llm:
        if self.llm is None:
            raise NotConfiguredError("the assistant needs a model: run `orkeon config set model <provider/model>`")
        return self.llm

    def compaction(self) -> CompactionPorts:
        return CompactionPorts(self.session, self.memory, self.files, self.llm, self.logger)
