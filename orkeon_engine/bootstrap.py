"""The composition root: build the adapters for one workspace and hand them to the Engine."""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from orkeon_engine import __version__
from orkeon_engine.adapters.sqlite_db import open_database
from orkeon_engine.adapters.sqlite_session_store import SqliteSessionStore
from orkeon_engine.adapters.system_clock import SystemClock
from orkeon_engine.adapters.workspace_probe import probe_workspace
from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.catalogue import CATALOGUE
from orkeon_engine.domain.deferred import built, deferred
from orkeon_engine.engine import Engine
from orkeon_engine.services.config_store import ConfigStore
from orkeon_engine.services.session_io import CurrentSession

if TYPE_CHECKING:  # the rest is imported where it is built: a port is built on its first use (domain/deferred.py)
    from typing import Any, Protocol

    from orkeon_engine.adapters.disk_caches import DiskCaches
    from orkeon_engine.adapters.disk_files import LocalDiskFiles
    from orkeon_engine.adapters.gitpython_repo import GitPythonRepo
    from orkeon_engine.adapters.gitpython_review_source import GitPythonReviewSource
    from orkeon_engine.adapters.gitpython_worktrees import GitPythonWorktrees
    from orkeon_engine.adapters.host_probe import HostSystemProbe
    from orkeon_engine.adapters.http_github_api import HttpGitHubApi
    from orkeon_engine.adapters.http_model_server import HttpModelServer
    from orkeon_engine.adapters.jedi_code_navigation import JediCodeNavigation
    from orkeon_engine.adapters.litellm_chat_model import LitellmChatModel
    from orkeon_engine.adapters.litellm_model_catalogue import LitellmModelCatalogue
    from orkeon_engine.adapters.mcp_servers import StdioMcpServers
    from orkeon_engine.adapters.memory_entry_files import MemoryEntryFiles
    from orkeon_engine.adapters.memory_store import WorkspaceMemoryStore
    from orkeon_engine.adapters.scratch_copies import ScratchPorts, TempFolderScratchCopies
    from orkeon_engine.adapters.sqlite_checkpoint_store import SqliteCheckpointStore
    from orkeon_engine.adapters.sqlite_children_store import SqliteChildStore
    from orkeon_engine.adapters.sqlite_db import SqliteDatabase
    from orkeon_engine.adapters.sqlite_memory_index import SqliteMemoryIndex
    from orkeon_engine.adapters.subprocess_hook_commands import SubprocessHookCommands
    from orkeon_engine.adapters.subprocess_jobs import SubprocessShellJobs
    from orkeon_engine.adapters.subprocess_shell import SubprocessShell
    from orkeon_engine.adapters.tree_sitter_bash_grammar import TreeSitterBashGrammar
    from orkeon_engine.adapters.tree_sitter_code_index import TreeSitterCodeIndex
    from orkeon_engine.adapters.vfs import VirtualFileSystem
    from orkeon_engine.domain.extensions.mcp import McpServerSpec
    from orkeon_engine.domain.model.chat import ChatSettings
    from orkeon_engine.domain.ui.client_info import ClientInfo
    from orkeon_engine.ports.client_files import ClientFiles
    from orkeon_engine.ports.clock import Clock
    from orkeon_engine.ports.code_index import CodeIndex
    from orkeon_engine.ports.code_navigation import CodeNavigation
    from orkeon_engine.ports.files import Files
    from orkeon_engine.ports.git import Git
    from orkeon_engine.ports.github_api import GitHubApi
    from orkeon_engine.ports.logger import Logger
    from orkeon_engine.ports.memory_index import MemoryIndex
    from orkeon_engine.ports.open_documents import OpenDocuments
    from orkeon_engine.ports.shell import Shell
    from orkeon_engine.ports.shell_jobs import ShellJobs
    from orkeon_engine.ports.ui import UserInterface
    from orkeon_engine.services.children import ChildPorts, Children
    from orkeon_engine.services.context_window import ModelInformation, TableLookup, WindowChoice
    from orkeon_engine.services.findings_board import FindingsBoard
    from orkeon_engine.services.local_model import LocalModelPorts
    from orkeon_engine.services.mcp_hub import McpHub
    from orkeon_engine.services.tasks import TaskRegistry
    from orkeon_engine.services.working_roots import OpenWorkingRoot, WorkingRoot
    from orkeon_engine.services.workspace_trust import TrustQuestion
    from orkeon_engine.tools.toolbox import ToolboxFactory

    class Closable(Protocol):
        def close(self) -> object: ...


async def build_engine(
    workspace: str | Path,
    ui: UserInterface,
    resume: str | None = None,
    env: Mapping[str, str] | None = None,
    documents: OpenDocuments | None = None,
    client_info: ClientInfo | None = None,
    client_files: ClientFiles | None = None,
    tool_shell: Shell | None = None,
    new_session: bool = False,
    cwd: str | Path | None = None,
) -> Engine:
    """Wire the engine for `workspace`, in the workspace's current session: the one whose id `resume` names,
    a fresh one with `new_session`, else the one the last run left current (services/session_io.py).

    `documents` is the editor's overlay of open buffers, and `client_info` the client and its capabilities,
    when the engine serves an editor. An ACP client may also read and write the workspace's files itself
    (`client_files`) and run the model's shell commands in its own terminal (`tool_shell`, used by the
    shell_command tool only: the engine's own commands, such as the turn's git status, stay local). `cwd`
    is the folder the person types paths from (the command line's)."""
    environment = dict(os.environ if env is None else env)
    info, local_dir = probe_workspace(Path(workspace), Path(cwd) if cwd is not None else None, environment)
    state_dir = Path(info.state_dir) if info.state_dir is not None else None  # never under the workspace
    for line in info.moved:  # once: the run that moved an older Orkeon's state.db out of the workspace
        (ui.notice or ui.logger.warning)(line)
    clock = SystemClock()
    db = open_database(state_dir, "; ".join(info.limitations))
    store = SqliteSessionStore(db, clock)
    try:
        session = await CurrentSession.open(store, resume, new=new_session)
    except BaseException:
        db.close()
        raise
    from orkeon_engine.adapters.json_config_files import JsonConfigFiles
    from orkeon_engine.adapters.json_workspace_trust import JsonWorkspaceTrust
    from orkeon_engine.adapters.sqlite_usage_ledger import SqliteUsageLedger
    from orkeon_engine.adapters.tree_sitter_code_index import TreeSitterCodeIndex
    from orkeon_engine.services.shell_environment import environment_for_commands
    from orkeon_engine.services.workspace_trust import TrustQuestion

    trust = JsonWorkspaceTrust(Path(info.root), environment)  # kept in the user's config folder, never here
    config = ConfigStore(JsonConfigFiles(Path(info.root), environment), session, trust, environment)
    trust_question = TrustQuestion(config, ui.human, ui.logger)
    root = Path(info.root)
    files = deferred(lambda: _workspace_files(root, local_dir, documents, client_files))
    commands_env = await environment_for_commands(config, environment, ui.logger)  # never a credential
    shell = deferred(lambda: _shell(root, commands_env, environment))
    jobs = deferred(lambda: _jobs(root, files, clock, commands_env, environment))
    code_index = TreeSitterCodeIndex(root, state_dir, "memory only: " + "; ".join(info.limitations))
    navigation = deferred(lambda: _navigation(root, state_dir))
    ledger = SqliteUsageLedger(db)
    mcp_servers = deferred(lambda: _mcp_servers(root))  # each server starts on its first need
    memory_entries = deferred(lambda: _memory_entries(root))
    memory_index = deferred(lambda: _memory_index(memory_entries, state_dir, clock))
    grammar = deferred(_grammar)  # loads tree-sitter-bash on its first read
    local_model = deferred(local_model_ports)  # built (nothing read or started) by the first command using it

    async def context_window() -> ModelInformation:  # the server's facts, else litellm's table
        from orkeon_engine.services.context_window import model_information

        return await model_information(config, environment, _model_server(), _litellm_table())

    async def window() -> WindowChoice:  # bounds each call's max_tokens (services/llm.py)
        from orkeon_engine.services.context_window import resolve_context_window

        return await resolve_context_window(config, context_window)

    from orkeon_engine.services.llm import Llm

    llm = Llm(deferred(lambda: _chat_model(trust_question, config, environment, clock, ui, local_model)), clock,
              session=session,
              ledger=ledger, logger=ui.logger, progress=ui.progress, window=window)
    git = _open_git(info.git_root)
    github = deferred(lambda: _github(environment))  # the token, read on first need
    toolbox = deferred(lambda: _toolbox(files, tool_shell or shell, jobs, clock, config, grammar, code_index,
                                        navigation, memory_index, git, github))
    children_store = deferred(lambda: _child_store(db, clock))  # built when a child runs or one was left running
    await _interrupt_orphans(db, children_store, ui.logger)
    children = deferred(lambda: _children(children_store, _child_ports(
        llm=llm, config=config, session=session, human=ui.human, toolbox=toolbox,
        progress_for=ui.progress_for or (lambda title: ui.progress), clock=clock, logger=ui.logger,
        background_human=ui.background_human, grammar=grammar,
    )))
    deps = Deps(
        workspace=info,
        session=session,
        config=config,
        clock=clock,
        logger=ui.logger,
        human=ui.human,
        progress=ui.progress,
        env=environment,
        version=__version__,
        catalogue=CATALOGUE,
        documents=documents,
        findings=deferred(lambda: _findings(db)),
        review_source=deferred(lambda: _review_source(info.root, info.git_root)),
        git=git,
        github=github,
        worktrees=_worktrees_of(info.git_root),
        working_root=_working_root_opener(root, local_dir, clock, config, grammar, memory_index, commands_env,
                                          environment),
        scratch=deferred(lambda: _scratch_copies(root, commands_env, environment)),
        files=files,
        shell=shell,
        jobs=jobs,
        shell_grammar=grammar,
        toolbox=toolbox,
        tasks=deferred(lambda: _tasks(clock)),
        client_info=client_info,
        can_ask=ui.can_ask,
        disk=deferred(_disk),
        probe=deferred(_probe),
        models=deferred(_models),
        caches=deferred(lambda: _caches(state_dir, code_index, memory_index)),
        trust_question=trust_question,
        memory=deferred(lambda: _memory(db, environment, clock)),
        llm=dataclasses.replace(llm, spawner=children),  # every act it runs offers spawn_agent
        children=children,
        memory_entries=memory_entries,
        memory_index=memory_index,
        context_window=context_window,
        usage=ledger,
        code_index=code_index,
        code_navigation=navigation,
        mcp=deferred(lambda: _mcp_hub(config, mcp_servers, environment, files)),
        events=ui.events,
        hook_commands=deferred(lambda: _hook_commands(root, commands_env, environment)),
        clipboard=ui.clipboard,
        checkpoints=deferred(lambda: _checkpoints(db)),
        local_model=local_model,
    )

    def close() -> None:  # what was never built is never closed (nor built to be closed)
        first: tuple[Closable, ...] = (mcp_servers, children)
        then: tuple[Closable, ...] = (jobs, code_index, memory_index, files)
        for port in first:
            if built(port) is not None:
                port.close()
        if built(children_store) is not None:  # a child of this engine ran (the store is built for it)
            children_store.interrupt_own()  # now: the event loop that would record their stop may be gone
        for port in then:
            if built(port) is not None:
                port.close()
        db.close()

    return Engine(deps, CATALOGUE, close, load_model_client=_preload_model_client)


def local_model_ports() -> LocalModelPorts:
    """The local model's files and server, in the user's cache folder (nothing is read or started here)."""
    from orkeon_engine.adapters.local_model_files import PipLocalModelFiles
    from orkeon_engine.adapters.local_model_server import SupervisedLocalServer
    from orkeon_engine.services.local_model import LocalModelPorts

    return LocalModelPorts(PipLocalModelFiles(), SupervisedLocalServer())


def speech_server() -> McpServerSpec:
    """The shipped speech server (orkeon_speech), run by this engine's Python like any declared server; a
    `speech` server the person declares takes its place."""
    from orkeon_engine.domain.extensions.mcp import McpServerSpec

    return McpServerSpec("speech", sys.executable, ("-m", "orkeon_speech"), (), "built-in")


# Each builder below imports its adapter when it runs: build_engine defers the ports a command may never use.

def _preload_model_client(model: str, api_base: str | None) -> str:
    from orkeon_engine.adapters.litellm_chat_model import preload_model_client

    return preload_model_client(model, api_base)


def _chat_model(trust_question: TrustQuestion, config: ConfigStore, environment: Mapping[str, str], clock: Clock,
                ui: UserInterface, local_model: LocalModelPorts) -> LitellmChatModel:
    """The model, called over httpx (an OpenAI-compatible api base) or litellm, loaded on its first call or in
    the background once the front end is idle."""
    from orkeon_engine.adapters.litellm_chat_model import LitellmChatModel
    from orkeon_engine.services.local_model import served_settings
    from orkeon_engine.services.model_settings import chat_settings

    async def settings() -> ChatSettings:  # read at each call: /config set model takes effect at once
        await trust_question.settle()  # the first call asks whether to trust the project's routing keys
        # model.apiBase `local`: the local model's server, started on this first need (services/local_model.py)
        return await served_settings(await chat_settings(config, environment), config, local_model)

    return LitellmChatModel(settings, clock, ui.logger, env=environment, notice=ui.notice or ui.logger.info,
                            waiting=ui.waiting)


def _workspace_files(root: Path, local_dir: Path | None, documents: OpenDocuments | None,
                     client_files: ClientFiles | None) -> VirtualFileSystem:
    from orkeon_engine.adapters.vfs import create_workspace_vfs

    return create_workspace_vfs(root, local_dir, documents, client_files=client_files)


def _shell(root: Path, commands_env: Mapping[str, str], environment: Mapping[str, str]) -> SubprocessShell:
    from orkeon_engine.adapters.subprocess_shell import SubprocessShell

    return SubprocessShell(root, commands_env, mask_from=(environment,))


def _jobs(root: Path, files: Files, clock: Clock, commands_env: Mapping[str, str],
          environment: Mapping[str, str]) -> SubprocessShellJobs:
    from orkeon_engine.adapters.subprocess_jobs import SubprocessShellJobs

    return SubprocessShellJobs(root, files, clock, commands_env, mask_from=(environment,))


def _navigation(root: Path, state_dir: Path | None) -> JediCodeNavigation:
    from orkeon_engine.adapters.jedi_code_navigation import JediCodeNavigation

    return JediCodeNavigation(root, state_dir / "jedi" if state_dir is not None else None)


def _mcp_servers(root: Path) -> StdioMcpServers:
    from orkeon_engine.adapters.mcp_servers import StdioMcpServers

    return StdioMcpServers(root)


def _mcp_hub(config: ConfigStore, servers: StdioMcpServers, environment: Mapping[str, str], files: Files) -> McpHub:
    from orkeon_engine.services.mcp_hub import McpHub

    return McpHub(config, servers, environment, files, builtins=(speech_server(),))


def _memory_entries(root: Path) -> MemoryEntryFiles:
    from orkeon_engine.adapters.memory_entry_files import MemoryEntryFiles

    return MemoryEntryFiles(root)


def _grammar() -> TreeSitterBashGrammar:
    from orkeon_engine.adapters.tree_sitter_bash_grammar import TreeSitterBashGrammar

    return TreeSitterBashGrammar()


_model_servers: list[HttpModelServer] = []


def _model_server() -> HttpModelServer:
    """The model's server, asked on first need; its answers are cached for the life of the process."""
    if not _model_servers:
        from orkeon_engine.adapters.http_model_server import HttpModelServer

        _model_servers.append(HttpModelServer(user_agent=f"Orkeon/{__version__}"))
    return _model_servers[0]


def _litellm_table() -> TableLookup:
    from orkeon_engine.adapters.litellm_model_info import litellm_model_facts

    return litellm_model_facts


def _github(environment: Mapping[str, str]) -> HttpGitHubApi:
    from orkeon_engine.adapters.http_github_api import HttpGitHubApi

    return HttpGitHubApi.from_environment(environment, f"Orkeon/{__version__}")


def _toolbox(files: Files, shell: Shell, jobs: ShellJobs, clock: Clock, config: ConfigStore,
             grammar: TreeSitterBashGrammar, code_index: CodeIndex, navigation: CodeNavigation,
             memory_index: MemoryIndex, git: Git | None, github: GitHubApi) -> ToolboxFactory:
    from orkeon_engine.adapters.http_web_pages import HttpWebPages
    from orkeon_engine.services.pull_requests import PullRequestPorts
    from orkeon_engine.tools.toolbox import ToolboxFactory

    pull_requests = PullRequestPorts(git, github, config, files) if git is not None else None
    return ToolboxFactory(files, shell, jobs, clock, config, grammar, code_index, navigation, memory_index,
                          HttpWebPages(f"Orkeon/{__version__} web_fetch"), pull_requests)


def _child_store(db: SqliteDatabase, clock: Clock) -> SqliteChildStore:
    from orkeon_engine.adapters.sqlite_children_store import SqliteChildStore

    return SqliteChildStore(db, clock)


async def _interrupt_orphans(db: SqliteDatabase, store: SqliteChildStore, logger: Logger) -> None:
    """Mark the children an ended process left running as interrupted (the store is built only when a child
    row is left running: adapters/sqlite_children_schema.py)."""
    from orkeon_engine.adapters.sqlite_children_schema import any_child_running

    try:
        if await any_child_running(db):
            await store.interrupt_orphans()
    except OSError as error:
        logger.warning(f"the children an ended process left running could not be checked: {error}")


def _child_ports(**ports: Any) -> ChildPorts:
    from orkeon_engine.services.children import ChildPorts

    return ChildPorts(**ports)


def _children(store: SqliteChildStore, ports: ChildPorts) -> Children:
    """The child agents' service (the orphans were marked at start)."""
    from orkeon_engine.adapters.asyncio_child_runtime import AsyncioChildRuntime
    from orkeon_engine.services.children import Children

    return Children(store, AsyncioChildRuntime(), ports)


def _findings(db: SqliteDatabase) -> FindingsBoard:
    from orkeon_engine.adapters.sqlite_findings_store import SqliteFindingsStore
    from orkeon_engine.services.findings_board import FindingsBoard

    return FindingsBoard(SqliteFindingsStore(db))


def _review_source(root: str, git_root: str | None) -> GitPythonReviewSource:
    from orkeon_engine.adapters.gitpython_review_source import GitPythonReviewSource

    return GitPythonReviewSource(root, git_root)


def _worktrees(git_root: str) -> GitPythonWorktrees:
    from orkeon_engine.adapters.gitpython_worktrees import GitPythonWorktrees

    return GitPythonWorktrees(git_root)


def _worktrees_of(git_root: str | None) -> GitPythonWorktrees | None:
    return deferred(lambda: _worktrees(git_root)) if git_root is not None else None


def _tasks(clock: Clock) -> TaskRegistry:
    from orkeon_engine.services.tasks import TaskRegistry

    return TaskRegistry(clock)


def _disk() -> LocalDiskFiles:
    from orkeon_engine.adapters.disk_files import LocalDiskFiles

    return LocalDiskFiles()


def _probe() -> HostSystemProbe:
    from orkeon_engine.adapters.host_probe import HostSystemProbe

    return HostSystemProbe()


def _models() -> LitellmModelCatalogue:
    from orkeon_engine.adapters.litellm_model_catalogue import LitellmModelCatalogue

    return LitellmModelCatalogue()


def _memory(db: SqliteDatabase, environment: Mapping[str, str], clock: Clock) -> WorkspaceMemoryStore:
    from orkeon_engine.adapters.json_config_files import user_config_dir
    from orkeon_engine.adapters.memory_store import WorkspaceMemoryStore

    return WorkspaceMemoryStore(db, user_config_dir(environment), clock)


def _hook_commands(root: Path, commands_env: Mapping[str, str],
                   environment: Mapping[str, str]) -> SubprocessHookCommands:
    from orkeon_engine.adapters.subprocess_hook_commands import SubprocessHookCommands

    return SubprocessHookCommands(root, commands_env, mask_from=(environment,))


def _checkpoints(db: SqliteDatabase) -> SqliteCheckpointStore:
    from orkeon_engine.adapters.sqlite_checkpoint_store import SqliteCheckpointStore

    return SqliteCheckpointStore(db)


def _working_root_opener(main: Path, local_dir: Path | None, clock: Clock, config: ConfigStore,
                         grammar: TreeSitterBashGrammar, memory_index: SqliteMemoryIndex,
                         commands_env: Mapping[str, str], environment: Mapping[str, str]) -> OpenWorkingRoot:
    """Opens another folder's ports (a batch's worktree): /workspace on it, the main tree's work folder mounted
    over its own, its shell, jobs, git, code index (in memory) and tools."""

    def open_root(host: str, work_folder: str) -> WorkingRoot:
        from orkeon_engine.adapters.gitpython_repo import GitPythonRepo
        from orkeon_engine.adapters.jedi_code_navigation import JediCodeNavigation
        from orkeon_engine.adapters.subprocess_jobs import SubprocessShellJobs
        from orkeon_engine.adapters.subprocess_shell import SubprocessShell
        from orkeon_engine.adapters.tree_sitter_code_index import TreeSitterCodeIndex
        from orkeon_engine.adapters.vfs import create_workspace_vfs
        from orkeon_engine.ports.files import Mount
        from orkeon_engine.services.working_roots import WorkingRoot
        from orkeon_engine.tools.toolbox import ToolboxFactory

        folder = Path(host)
        shared = Mount(f"/workspace/{work_folder.strip('/')}", str(main / work_folder), True,
                       "the work folder of the main working tree: the plan, its sheets and its state")
        files = create_workspace_vfs(folder, local_dir, shared=(shared,))
        shell = SubprocessShell(folder, commands_env, mask_from=(environment,))
        jobs = SubprocessShellJobs(folder, files, clock, commands_env, mask_from=(environment,))
        index = TreeSitterCodeIndex(folder, None, "memory only: a batch's worktree")
        navigation = JediCodeNavigation(folder, None)
        toolbox = ToolboxFactory(files, shell, jobs, clock, config, grammar, index, navigation, memory_index)

        def close() -> None:
            jobs.close()
            index.close()
            files.close()

        return WorkingRoot(str(folder), files, shell, jobs, GitPythonRepo(folder), toolbox, index, navigation, close)

    return open_root


def _scratch_copies(root: Path, commands_env: Mapping[str, str],
                    environment: Mapping[str, str]) -> TempFolderScratchCopies:
    """Copies of the workspace for the search for a change that passes: each copy's Files and Shell built as
    the workspace's are (no /output kept, no editor buffers: a copy is no file the person has open)."""
    from orkeon_engine.adapters.scratch_copies import TempFolderScratchCopies, copy_first_environment
    from orkeon_engine.adapters.subprocess_shell import SubprocessShell
    from orkeon_engine.adapters.vfs import create_workspace_vfs

    def ports(folder: Path) -> ScratchPorts:
        files = create_workspace_vfs(folder, None)
        shell = SubprocessShell(folder, copy_first_environment(folder, commands_env), mask_from=(environment,))
        return files, shell, files.close

    return TempFolderScratchCopies(root, ports)


def _open_git(git_root: str | None) -> Git | None:
    """The workspace's repository (opened on its first call), or None outside one."""
    if git_root is None:
        return None
    return deferred(lambda: _git_repo(git_root))


def _git_repo(git_root: str) -> GitPythonRepo:
    from orkeon_engine.adapters.gitpython_repo import GitPythonRepo

    return GitPythonRepo(git_root)


def _memory_index(entries: MemoryEntryFiles, state_dir: Path | None, clock: Clock) -> SqliteMemoryIndex:
    """The shared memory's index in the workspace's state folder (in memory when there is none), with
    vectors when the embeddings extra is installed (nothing of it is imported here)."""
    from orkeon_engine.adapters.minilm_embedder import find_embedder
    from orkeon_engine.adapters.sqlite_memory_index import INDEX_FILE, SqliteMemoryIndex

    embedder, why_not = find_embedder()
    path = state_dir / INDEX_FILE if state_dir is not None else None
    return SqliteMemoryIndex(entries, path, clock, embedder, why_not)


def _caches(state_dir: Path | None, code_index: TreeSitterCodeIndex, memory_index: SqliteMemoryIndex) -> DiskCaches:
    """The caches in the workspace's state folder (none when there is no such folder)."""
    from orkeon_engine.adapters.disk_caches import DiskCache, DiskCaches
    from orkeon_engine.adapters.sqlite_memory_index import INDEX_FILE
    from orkeon_engine.adapters.tree_sitter_code_index import CACHE_FILE

    if state_dir is None:
        return DiskCaches(())
    index_file = state_dir / CACHE_FILE
    memory_file = state_dir / INDEX_FILE
    return DiskCaches((
        DiskCache("code-index", "the symbols and imports of the indexed files",
                  (index_file, Path(f"{index_file}-wal"), Path(f"{index_file}-shm")), code_index.forget),
        DiskCache("code-navigation", "jedi's caches for definitions and references", (state_dir / "jedi",)),
        DiskCache("memory-index", "the shared memory's search index (full text and vectors)",
                  (memory_file, Path(f"{memory_file}-wal"), Path(f"{memory_file}-shm")), memory_index.forget),
    ))
