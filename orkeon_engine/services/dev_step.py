"""What a dev step (/dev-spec, its change brief, later /dev-plan) runs over, and how it shows its progress:
each report carries the tokens and cost of the step's model calls so far (the editor's `$/progress`, the
terminal's lines).

DevStepPorts is built once per run by the command (commands/dev/step.py) from its Deps; DevStep wraps the
model facade so every call is counted on the step before it reaches the session's ledger."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from orkeon_engine.domain.model.call_usage import Usage, format_usage
from orkeon_engine.domain.model.usage import UsageRecord, UsageSummary, summarise
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.code_navigation import CodeNavigation
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.ports.usage_ledger import UsageLedger
from orkeon_engine.services.children import Children
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.gate import GatePorts
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.session_io import CurrentSession

if TYPE_CHECKING:
    from orkeon_engine.tools.toolbox import RunToolbox


@dataclass(frozen=True)
class DevStepPorts:
    """The ports and services one dev step uses."""

    files: Files
    llm: Llm
    human: HumanInput
    progress: Progress
    config: ConfigStore
    session: CurrentSession
    clock: Clock
    toolbox: Callable[[], RunToolbox]
    """A fresh set of the standard tools of one run (the inline reviewer's, the reproduction's shell)."""
    index: CodeIndex | None = None
    navigation: CodeNavigation | None = None
    """Where a Python name is used (the plan's inventory asks it)."""
    children: Children | None = None
    """The background children; None on a host that runs none (the review then runs inline)."""
    logger: Logger | None = None
    grammar: ShellGrammar | None = None
    """How the step's gates read a command line (None: every shell call is refused)."""

    def gate_ports(self) -> GatePorts:
        """What the permission gate of one of the step's runs works over."""
        return GatePorts(self.config, self.session, self.human, self.grammar, self.logger)


class StepUsage:
    """The UsageLedger of a step's calls: each call's usage is summed, then the record goes on to the
    session's ledger (when there is one)."""

    def __init__(self, inner: UsageLedger | None) -> None:
        self._inner = inner
        self.total = Usage()

    async def record(self, entry: UsageRecord) -> None:
        self.total = self.total + entry.usage
        if self._inner is not None:
            await self._inner.record(entry)

    async def summary(self, session_id: str) -> UsageSummary:
        return await self._inner.summary(session_id) if self._inner is not None else summarise(())


class DevStep:
    """One run of a dev step: its model facade (counted), and its progress reports with the usage so far."""

    def __init__(self, ports: DevStepPorts) -> None:
        self.usage = StepUsage(ports.llm.ledger)
        self.ports = dataclasses.replace(ports, llm=dataclasses.replace(ports.llm, ledger=self.usage))

    @property
    def llm(self) -> Llm:
        return self.ports.llm

    def report(self, message: str) -> None:
        """A progress line: what the step does now, and its tokens and cost so far."""
        self.ports.progress.report(f"{message} · {format_usage(self.usage.total)}")

    @property
    def parent(self) -> str:
        """How the step's children name it (`/dev-spec (t3)`)."""
        return self.llm.run or (f"/{self.llm.command}" if self.llm.command else "/dev-spec")
