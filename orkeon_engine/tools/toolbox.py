"""The run toolbox: the standard tools of one run, built over the engine's ports, sharing one read ledger.

`ToolboxFactory` is built once per engine (bootstrap) and called once per run with that run's progress;
each call makes a fresh ReadLedger, so a cut read in one run never blocks a write in the next. The tool
modules are imported on the first call, not here: they pull in pydantic, which the start-up path of the
language server must not pay for; `import_tool_modules` imports them all ahead, for a front end that is
idle (it runs with the model client's background load).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orkeon_engine.domain.tool_call import ToolClass
from orkeon_engine.ports.clock import Clock
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.code_navigation import CodeNavigation
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.memory_index import MemoryIndex
from orkeon_engine.ports.progress import Progress
from orkeon_engine.ports.shell import Shell
from orkeon_engine.ports.shell_grammar import ShellGrammar
from orkeon_engine.ports.shell_jobs import ShellJobs
from orkeon_engine.ports.web_pages import WebPages
from orkeon_engine.tools.catalogue import ToolCatalogue
from orkeon_engine.tools.read_ledger import ReadLedger

if TYPE_CHECKING:
    from orkeon_engine.services.config_store import ConfigStore
    from orkeon_engine.services.pull_requests import PullRequestPorts
    from orkeon_engine.tools.base import Tool

STANDARD_TOOL_NAMES: tuple[str, ...] = (
    "file_read", "file_edit", "file_write", "directory_read", "list_mounts", "shell_command", "start_job",
    "job_status", "job_tail", "progress_report",
)


@dataclass(frozen=True)
class RunToolbox:
    """The tools of one run and the read ledger they share."""

    catalogue: ToolCatalogue
    ledger: ReadLedger = field(default_factory=ReadLedger)

    def select(self, names: Iterable[str]) -> list[Tool[Any]]:
        """The named tools (case-insensitive); UnknownToolError before any model call."""
        return self.catalogue.select(names)

    def by_class(self, *classes: ToolClass) -> list[Tool[Any]]:
        return self.catalogue.by_class(*classes)


def build_toolbox(
    files: Files,
    shell: Shell,
    jobs: ShellJobs,
    clock: Clock,
    config: ConfigStore,
    grammar: ShellGrammar,
    progress: Progress,
    extra: Sequence[Tool[Any]] = (),
    ledger: ReadLedger | None = None,
    code_index: CodeIndex | None = None,
    navigation: CodeNavigation | None = None,
    memory_index: MemoryIndex | None = None,
    web: WebPages | None = None,
    pull_requests: PullRequestPorts | None = None,
) -> RunToolbox:
    """The standard tools (STANDARD_TOOL_NAMES, in that order), the code tools when a code index is given
    (tools/code_tools.py: CODE_TOOL_NAMES), memory_recall when the shared memory's index is given, web_fetch
    when `web` is given, create_pr when `pull_requests` is given (a git repository), then `extra`, sharing
    `ledger` (a new one when none is given; pass your own when an extra tool reads files too)."""
    from orkeon_engine.tools.directory_read import DirectoryReadTool
    from orkeon_engine.tools.file_edit import FileEditTool
    from orkeon_engine.tools.file_read import FileReadTool
    from orkeon_engine.tools.file_write import FileWriteTool
    from orkeon_engine.tools.jobs import JobStatusTool, JobTailTool, StartJobTool
    from orkeon_engine.tools.list_mounts import ListMountsTool
    from orkeon_engine.tools.progress_report import ProgressReportTool
    from orkeon_engine.tools.shell_command import ShellCommandTool

    ledger = ledger if ledger is not None else ReadLedger()
    tools: list[Tool[Any]] = [
        FileReadTool(files, ledger),
        FileEditTool(files),
        FileWriteTool(files, ledger),
        DirectoryReadTool(files),
        ListMountsTool(files),
        ShellCommandTool(shell, config, grammar, files),
        StartJobTool(jobs, config, grammar, files),
        JobStatusTool(jobs, clock),
        JobTailTool(jobs, clock),
        ProgressReportTool(progress),
    ]
    if code_index is not None:
        from orkeon_engine.tools.code_tools import build_code_tools

        tools += build_code_tools(files, code_index, navigation)
    if memory_index is not None:
        from orkeon_engine.tools.memory_recall import MemoryRecallTool

        tools.append(MemoryRecallTool(memory_index, config))
    if web is not None:
        from orkeon_engine.tools.web_fetch import WebFetchTool

        tools.append(WebFetchTool(web))
    if pull_requests is not None:
        from orkeon_engine.tools.create_pr import CreatePrTool

        tools.append(CreatePrTool(pull_requests))
    tools += extra
    return RunToolbox(ToolCatalogue(tools), ledger)


def import_tool_modules() -> None:
    """Import every module of the tools package now (blocking: meant for a background thread), so the first
    run does not pay for it."""
    import importlib
    import pkgutil

    import orkeon_engine.tools as package

    for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        importlib.import_module(module.name)


class ToolboxFactory:
    """Makes a RunToolbox per run over the ports it holds: `factory(progress)`."""

    def __init__(self, files: Files, shell: Shell, jobs: ShellJobs, clock: Clock, config: ConfigStore,
                 grammar: ShellGrammar, code_index: CodeIndex | None = None,
                 navigation: CodeNavigation | None = None, memory_index: MemoryIndex | None = None,
                 web: WebPages | None = None, pull_requests: PullRequestPorts | None = None) -> None:
        self.files = files
        self.shell = shell
        self.jobs = jobs
        self.clock = clock
        self.config = config
        self.grammar = grammar
        self.code_index = code_index
        self.navigation = navigation
        self.memory_index = memory_index
        self.web = web
        self.pull_requests = pull_requests

    def __call__(
        self, progress: Progress, extra: Sequence[Tool[Any]] = (), ledger: ReadLedger | None = None,
        files: Files | None = None,
    ) -> RunToolbox:
        """The run's toolbox; `files` in place of the engine's Files port (a turn's RecordingFiles)."""
        return build_toolbox(files or self.files, self.shell, self.jobs, self.clock, self.config, self.grammar,
                             progress, extra, ledger, code_index=self.code_index, navigation=self.navigation,
                             memory_index=self.memory_index, web=self.web, pull_requests=self.pull_requests)
