"""Deps: the ports and services a command use case is handed by the composition root.

A use case reads only what it needs from it; tests build one over the fakes (tests/support/deps.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from orkeon_engine.domain.workspace import WorkspaceInfo
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.human_input import HumanInput
from orkeon_engine.ports.logger import Logger
from orkeon_engine.ports.open_documents import OpenDocuments
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.review_source import ReviewSource
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.findings_board import FindingsBoard
from orkeon_engine.services.session_io import CurrentSession

if TYPE_CHECKING:
    from orkeon_engine.commands._shared.entry import CommandEntry


@dataclass
class Deps:
    """Everything a command may use, wired once per workspace."""

    workspace: WorkspaceInfo
    session: CurrentSession
    config: ConfigStore
    clock: Clock
    logger: Logger
    human: HumanInput
    progress: Progress
    env: Mapping[str, str] = field(default_factory=dict)
    version: str = ""
    catalogue: Sequence[CommandEntry] = ()
    documents: OpenDocuments | None = None
    """The editor's open buffers, when an editor is attached."""
    findings: FindingsBoard | None = None
    """The last review's findings (state.db), which the editor shows as diagnostics."""
    review_source: ReviewSource | None = None
    """The diffs /review reads (staged, working tree, since a revision)."""
