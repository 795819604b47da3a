"""Deps: the ports and services a command use case is handed by the composition root.

A use case reads only what it needs from it; tests build one over the fakes (tests/support/deps.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from orkeon_engine.domain.deferred import then
from orkeon_engine.domain.errors import NotConfiguredError

if TYPE_CHECKING:  # annotations only: a command imports what it uses, so a quick one stays quick
    from typing import Any

    from orkeon_engine.commands._shared.listing import ListedCommand
    from orkeon_engine.domain.ui.client_info import ClientInfo
    from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
    from orkeon_engine.ports.caches import Caches
    from orkeon_engine.ports.checkpoint_store import CheckpointStore
    from orkeon_engine.ports.clipboard import Clipboard
    from orkeon_engine.ports.clock import Clock
    from orkeon_engine.ports.code_index import CodeIndex
    from orkeon_engine.ports.code_navigation import CodeNavigation
    from orkeon_engine.ports.disk_files import DiskFiles
    from orkeon_engine.ports.files import Files
    from orkeon_engine.ports.git import Git
    from orkeon_engine.ports.github_api import GitHubApi
    from orkeon_engine.ports.hook_commands import HookCommands
    from orkeon_engine.ports.human_input import HumanInput
    from orkeon_engine.ports.logger import Logger
    from orkeon_engine.ports.memory_entries import MemoryEntries
    from orkeon_engine.ports.memory_index import MemoryIndex
    from orkeon_engine.ports.memory_store import MemoryStore
    from orkeon_engine.ports.model_catalogue import ModelCatalogue
    from orkeon_engine.ports.open_documents import OpenDocuments
    from orkeon_engine.ports.progress import Progress
    from orkeon_engine.ports.review_source import ReviewSource
    from orkeon_engine.ports.scratch_copies import ScratchCopies
    from orkeon_engine.ports.shell import Shell
    from orkeon_engine.ports.shell_grammar import ShellGrammar
    from orkeon_engine.ports.shell_jobs import ShellJobs
    from orkeon_engine.ports.system_probe import SystemProbe
    from orkeon_engine.ports.turn_events import TurnEvents
    from orkeon_engine.ports.usage_ledger import UsageLedger
    from orkeon_engine.ports.worktrees import Worktrees
    from orkeon_engine.services.children import Children
    from orkeon_engine.services.config_store import ConfigStore
    from orkeon_engine.services.context_window import WindowLookup
    from orkeon_engine.services.findings_board import FindingsBoard
    from orkeon_engine.services.gate import GatePorts
    from orkeon_engine.services.llm import Llm
    from orkeon_engine.services.local_model import LocalModelPorts
    from orkeon_engine.services.mcp_hub import McpHub
    from orkeon_engine.services.pull_requests import PullRequestPorts
    from orkeon_engine.services.session_io import CurrentSession
    from orkeon_engine.services.tasks import TaskRegistry
    from orkeon_engine.services.working_roots import OpenWorkingRoot
    from orkeon_engine.services.workspace_trust import TrustQuestion
    from orkeon_engine.tools.base import Tool
    from orkeon_engine.tools.toolbox import RunToolbox, ToolboxFactory


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
    catalogue: Sequence[ListedCommand] = ()
    documents: OpenDocuments | None = None
    """The editor's open buffers, when an editor is attached."""
    findings: FindingsBoard | None = None
    """The last review's findings (state.db), which the editor shows as diagnostics."""
    review_source: ReviewSource | None = None
    """The diffs /review reads (staged, working tree, since a revision)."""
    files: Files | None = None
    """The VFS: /workspace, /output, /tmp and the read-only mounts (it reads the editor's buffers first)."""
    shell: Shell | None = None
    """Command lines run in the workspace root."""
    jobs: ShellJobs | None = None
    """Long commands run detached, with their logs under /tmp or /output."""
    shell_grammar: ShellGrammar | None = None
    """Reads command lines as bash does, for the gate and the `shell.allow` check."""
    toolbox: ToolboxFactory | None = None
    """Builds the standard tools of one run; call `run_toolbox()`, which hands it this run's progress."""
    memory: MemoryStore | None = None
    """Typed memory: the user's notes under their config folder, the project's in state.db."""
    git: Git | None = None
    """The repository the workspace is in; None outside a git repository."""
    code_index: CodeIndex | None = None
    """The workspace's code index (tree-sitter), cached under .orkeon/local/."""
    code_navigation: CodeNavigation | None = None
    """Definitions and references of Python names (jedi)."""
    tasks: TaskRegistry | None = None
    """The crews this engine launched: Engine.run registers every entry with launches_crew; /tasks reads it."""
    client_info: ClientInfo | None = None
    """The editor client and its capabilities, when the engine serves an editor (the language server fills it)."""
    probe: SystemProbe | None = None
    """What /doctor asks of the machine: Python, git, the tree-sitter grammars."""
    models: ModelCatalogue | None = None
    """The models litellm knows by provider, and those an api base serves (/model list)."""
    caches: Caches | None = None
    """The caches on disk (the code index's, the code navigation's) that /cache measures and clears."""
    mcp: McpHub | None = None
    """The declared MCP servers (the speech server among them), started on their first need."""
    children: Children | None = None
    """The child agents: spawn_agent's, /tasks send's and the dev steps' (services/children.py)."""
    memory_entries: MemoryEntries | None = None
    """The shared memory's committed files under .orkeon/memory/: its entries and the refused list."""
    memory_index: MemoryIndex | None = None
    """The shared memory's search index (FTS5, vectors with the embeddings extra), under .orkeon/local/."""
    trust_question: TrustQuestion | None = None
    """Asks the person, once, to trust the workspace when its settings file holds back keys."""
    can_ask: bool = True
    """Whether anybody can answer `human`'s questions (False: the command line without a terminal)."""
    disk: DiskFiles | None = None
    """The person's own disk, by real path: where a command writes a file they named (/export FILE)."""
    github: GitHubApi | None = None
    """The GitHub REST API with the token read when the engine started (GITHUB_TOKEN, else GH_TOKEN)."""
    worktrees: Worktrees | None = None
    """The repository's git worktrees (/dev-batches --concurrency); None outside a repository."""
    working_root: OpenWorkingRoot | None = None
    """Opens the files, shell, git and tools of another folder (a batch's worktree)."""
    scratch: ScratchCopies | None = None
    """Opens throwaway copies of the workspace, where a candidate change is tried before it reaches the gate."""
    hook_commands: HookCommands | None = None
    """Runs the commands of the `hooks` setting at the points of the assistant's turn."""
    clipboard: Clipboard | None = None
    """The person's clipboard (/copy on the command line); None where the client copies what /copy returns."""
    checkpoints: CheckpointStore | None = None
    """The checkpoints of the assistant's turns (the files each changed), which /undo and /rewind take back."""
    local_model: LocalModelPorts | None = None
    """The model Orkeon sets up and serves itself: its files in the user's cache, its server (/model local)."""

    def run_toolbox(self, extra: Sequence[Tool[Any]] = (), files: Files | None = None) -> RunToolbox:
        """A fresh RunToolbox (its own read ledger) for one run, reporting to this run's progress; its tools
        over `files` when given (a turn's RecordingFiles), else over the engine's Files port."""
        if self.toolbox is None:
            raise NotConfiguredError("the model's tools are not wired in this engine (no files, shell or jobs)")
        return self.toolbox(self.progress, extra, files=files)

    async def launch_toolbox(self, extra: Sequence[Tool[Any]] = (), files: Files | None = None) -> RunToolbox:
        """The toolbox of a crew's launch: the run's tools and the extra tools of `tools.extra`, checked
        against what the MCP servers register (ExtraToolsError, before any model call, when one is unknown)."""
        extras: list[Tool[Any]] = list(extra)
        if self.mcp is not None:
            from orkeon_engine.services.extra_tools import launch_extra_tools

            extras += await launch_extra_tools(self.mcp)
        return self.run_toolbox(extras, files)

    def pull_request_ports(self) -> PullRequestPorts | None:
        """What opens a pull request (services/pull_requests.py; without the GitHub API it names the gh
        command with that reason), or None outside a git repository."""
        from orkeon_engine.services.pull_requests import PullRequestPorts

        if self.git is None:
            return None
        return PullRequestPorts(self.git, self.github, self.config, self.files)

    def require_mcp(self) -> McpHub:
        """The MCP servers, or NotConfiguredError when this engine was built without them."""
        if self.mcp is None:
            raise NotConfiguredError("MCP servers are not wired in this engine")
        return self.mcp

    def require_children(self) -> Children:
        """The child agents' service, or NotConfiguredError when this engine runs none."""
        if self.children is None:
            raise NotConfiguredError("this engine runs no child agents (no state store for them)")
        return self.children
    def gate_ports(self) -> GatePorts:
        """What a run's permission gate works over, from this Deps."""
        from orkeon_engine.services.gate import GatePorts

        return GatePorts(self.config, self.session, self.human, self.shell_grammar, self.logger)

    def require_memory(self) -> MemoryStore:
        """The memory store, or NotConfiguredError when this engine was built without one."""
        if self.memory is None:
            raise NotConfiguredError("typed memory is not wired in this engine")
        return self.memory

    def require_shared_memory(self) -> tuple[MemoryEntries, MemoryIndex]:
        """The shared memory's files and index, or NotConfiguredError when this engine has none."""
        if self.memory_entries is None or self.memory_index is None:
            raise NotConfiguredError("the shared memory is not wired in this engine")
        return self.memory_entries, self.memory_index

    llm: Llm | None = None
    """The model (act, complete, extract), recording its usage under `current_command`."""
    usage: UsageLedger | None = None
    """The session's usage ledger, which /usage reads."""
    current_command: str = ""
    """The command this Deps runs (set by for_run)."""
    context_window: WindowLookup | None = None
    """Asks the model's server and litellm's table for its window and output limit (services/context_window.py)."""
    events: TurnEvents | None = None
    """A front end that shows the assistant's turn as it goes (the ACP agent); None for the others."""

    def for_run(self, command: str, progress: Progress | None = None) -> Deps:
        """The Deps of one run of `command`: its name known, its progress line (when given) used, and the
        model bound to both, so its usage is recorded under that command."""
        progress = progress or self.progress
        llm = then(self.llm, lambda model: model.for_run(command, progress)) if self.llm is not None else None
        return dataclasses.replace(self, progress=progress, current_command=command, llm=llm)

    def require_llm(self) -> Llm:
        """The model facade, or NotConfiguredError when this engine was built without one."""
        if self.llm is None:
            raise NotConfiguredError("this engine has no model wired; run `orkeon config set model <provider/model>`")
        return self.llm
