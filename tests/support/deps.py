"""make_deps: a Deps over the fakes, for the command use cases' tests."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.extensions.mcp import McpServerSpec
from orkeon_engine.domain.ui.client_info import ClientInfo
from orkeon_engine.domain.workspace.workspace import WorkspaceInfo
from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.code_navigation import CodeNavigation
from orkeon_engine.ports.git import Git
from orkeon_engine.ports.github_api import GitHubApi
from orkeon_engine.ports.scratch_copies import ScratchCopies
from orkeon_engine.services.children import ChildPorts, Children
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.findings_board import FindingsBoard
from orkeon_engine.services.llm import Llm
from orkeon_engine.services.local_model import LocalModelPorts
from orkeon_engine.services.mcp_hub import McpHub
from orkeon_engine.services.pull_requests import PullRequestPorts
from orkeon_engine.services.session_io import CurrentSession
from orkeon_engine.services.tasks import TaskRegistry
from orkeon_engine.tools.toolbox import ToolboxFactory
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.doubles.fake_caches import FakeCaches
from tests.support.doubles.fake_checkpoint_store import FakeCheckpointStore
from tests.support.doubles.fake_child_runtime import FakeChildRuntime
from tests.support.doubles.fake_child_store import FakeChildStore
from tests.support.doubles.fake_clock import FakeClock
from tests.support.doubles.fake_config_files import FakeConfigFiles
from tests.support.doubles.fake_disk_files import FakeDiskFiles
from tests.support.doubles.fake_files import FakeFiles
from tests.support.doubles.fake_findings_store import FakeFindingsStore
from tests.support.doubles.fake_hook_commands import FakeHookCommands
from tests.support.doubles.fake_human_input import FakeHumanInput
from tests.support.doubles.fake_local_model_files import FakeLocalModelFiles
from tests.support.doubles.fake_local_model_server import FakeLocalModelServer
from tests.support.doubles.fake_logger import FakeLogger
from tests.support.doubles.fake_mcp_servers import FakeMcpServers
from tests.support.doubles.fake_memory_entries import FakeMemoryEntries
from tests.support.doubles.fake_memory_index import FakeMemoryIndex
from tests.support.doubles.fake_memory_store import FakeMemoryStore
from tests.support.doubles.fake_model_catalogue import FakeModelCatalogue
from tests.support.doubles.fake_open_documents import FakeOpenDocuments
from tests.support.doubles.fake_progress import FakeProgress
from tests.support.doubles.fake_review_source import FakeReviewSource
from tests.support.doubles.fake_session_store import FakeSessionStore
from tests.support.doubles.fake_shell import FakeShell
from tests.support.doubles.fake_shell_jobs import FakeShellJobs
from tests.support.doubles.fake_system_probe import FakeSystemProbe
from tests.support.doubles.fake_usage_ledger import FakeUsageLedger
from tests.support.doubles.fake_web_pages import FakeWebPages
from tests.support.doubles.fake_workspace_trust import FakeWorkspaceTrust
from tests.support.scripted_chat_model import ScriptedChatModel


async def make_deps(
    files: FakeConfigFiles | None = None,
    env: Mapping[str, str] | None = None,
    workspace: WorkspaceInfo | None = None,
    human: FakeHumanInput | None = None,
    store: FakeSessionStore | None = None,
    findings_store: FakeFindingsStore | None = None,
    review_source: FakeReviewSource | None = None,
    vfs: FakeFiles | None = None,
    shell: FakeShell | None = None,
    jobs: FakeShellJobs | None = None,
    documents: FakeOpenDocuments | None = None,
    clock: FakeClock | None = None,
    memory: FakeMemoryStore | None = None,
    probe: FakeSystemProbe | None = None,
    models: FakeModelCatalogue | None = None,
    client_info: ClientInfo | None = None,
    caches: FakeCaches | None = None,
    chat_model: ScriptedChatModel | None = None,
    ledger: FakeUsageLedger | None = None,
    progress: FakeProgress | None = None,
    git: Git | None = None,
    code_index: CodeIndex | None = None,
    navigation: CodeNavigation | None = None,
    mcp_servers: FakeMcpServers | None = None,
    mcp_builtins: tuple[McpServerSpec, ...] = (),
    web: FakeWebPages | None = None,
    child_store: FakeChildStore | None = None,
    child_runtime: FakeChildRuntime | None = None,
    child_progress: list[FakeProgress] | None = None,
    child_cancel_after: int | None = None,
    background_human: FakeHumanInput | None = None,
    memory_entries: FakeMemoryEntries | None = None,
    memory_index: FakeMemoryIndex | None = None,
    trust: FakeWorkspaceTrust | None = None,
    disk: FakeDiskFiles | None = None,
    github: GitHubApi | None = None,
    hook_commands: FakeHookCommands | None = None,
    checkpoints: FakeCheckpointStore | None = None,
    local_model: LocalModelPorts | None = None,
    scratch: ScratchCopies | None = None,
) -> Deps:
    """A Deps over the fakes. `files` are the settings files; `vfs` is the Files port (FakeFiles); the model
    is `chat_model` (an empty script by default: any call fails the test), its usage recorded in `ledger`.
    Child agents run over `child_store` and `child_runtime` (which holds each child until the test runs it),
    each with a FakeProgress appended to `child_progress` (cancelled after `child_cancel_after` reports);
    the model facade offers spawn_agent.
    The shared memory is a FakeMemoryEntries and a FakeMemoryIndex, which the toolbox's memory_recall reads (as
    in the engine, where the dev-auditor's charter names it).
    `github` is the GitHub API (the real adapter against tests/support/github_api_server.py, or a
    FakeGitHubApi); with `git`, the toolbox offers create_pr over both."""
    from orkeon_engine.commands.catalogue import CATALOGUE

    store = store or FakeSessionStore()
    session = await CurrentSession.open(store)
    config = ConfigStore(files or FakeConfigFiles(), session, trust or FakeWorkspaceTrust(trusted=True), env)
    clock = clock or (jobs.clock if jobs is not None else FakeClock())
    vfs = vfs or FakeFiles()
    shell = shell or FakeShell()
    jobs = jobs or FakeShellJobs(clock)
    logger = FakeLogger()
    progress = progress or FakeProgress()
    ledger = ledger or FakeUsageLedger()
    memory_index = memory_index or FakeMemoryIndex()
    llm = Llm(chat_model or ScriptedChatModel(), clock, session=session, ledger=ledger, logger=logger,
              progress=progress)
    human = human or FakeHumanInput()
    pull_requests = PullRequestPorts(git, github, config, vfs) if git is not None and github is not None else None
    toolbox = ToolboxFactory(vfs, shell, jobs, clock, config, BASH_GRAMMAR, code_index, navigation, memory_index, web,
                             pull_requests)
    lines = child_progress if child_progress is not None else []

    def progress_for(title: str) -> FakeProgress:
        lines.append(FakeProgress(cancel_after=child_cancel_after))
        return lines[-1]

    children = Children(child_store or FakeChildStore(), child_runtime or FakeChildRuntime(), ChildPorts(
        llm=llm, config=config, session=session, human=human, toolbox=toolbox, progress_for=progress_for,
        clock=clock, logger=logger, background_human=background_human, grammar=BASH_GRAMMAR,
    ))
    return Deps(
        workspace=workspace or WorkspaceInfo(root="/repo", git_root="/repo", writable=True),
        scratch=scratch,
        session=session,
        config=config,
        clock=clock,
        logger=logger,
        human=human,
        progress=progress,
        env=dict(env or {}),
        version="0.1.0",
        catalogue=CATALOGUE,
        findings=FindingsBoard(findings_store or FakeFindingsStore()),
        review_source=review_source or FakeReviewSource(),
        documents=documents,
        files=vfs,
        shell=shell,
        jobs=jobs,
        shell_grammar=BASH_GRAMMAR,
        toolbox=toolbox,
        memory=memory or FakeMemoryStore(),
        memory_entries=memory_entries or FakeMemoryEntries(),
        memory_index=memory_index,
        tasks=TaskRegistry(clock),
        client_info=client_info,
        probe=probe or FakeSystemProbe(),
        models=models or FakeModelCatalogue(),
        caches=caches or FakeCaches(),
        llm=dataclasses.replace(llm, spawner=children),
        children=children,
        usage=ledger,
        git=git,
        code_index=code_index,
        code_navigation=navigation,
        mcp=McpHub(config, mcp_servers or FakeMcpServers(), dict(env or {}), vfs, mcp_builtins),
        disk=disk or FakeDiskFiles(),
        github=github,
        hook_commands=hook_commands or FakeHookCommands(),
        checkpoints=checkpoints if checkpoints is not None else FakeCheckpointStore(),
        local_model=local_model or LocalModelPorts(FakeLocalModelFiles(), FakeLocalModelServer()),
    )
