"""What /dev-batches builds from the command's Deps: the implement tools of one launch (the standard ones this
host offers, with run_tests and run_build over the project's checks), the publisher that shows a verdict's
rows as diagnostics on the lines they cite, and the ports of a batch run in its worktree (`--concurrency`)."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from typing import TYPE_CHECKING, Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands.dev.step import step_ports
from orkeon_engine.domain.dev.verdict_findings import cited_line, verdict_findings
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.git.pull_requests import PullRequestDraft, PullRequestOutcome
from orkeon_engine.ports.batch_audit import AuditVerdict, BatchAuditor
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.project_checks import ProjectChecks
from orkeon_engine.services.findings_board import FindingsBoard
from orkeon_engine.services.work_folder import WorkFolder
from orkeon_engine.services.working_roots import WorkingRoot
from orkeon_engine.tools.base import Tool

if TYPE_CHECKING:  # the crew loads with the first /dev-batches
    from orkeon_engine.crews.dev_batches.run import BatchesPorts, OpenPullRequest, WaveSetup

LOCAL_STATE = ".orkeon/local"


async def batches_ports(deps: Deps, folder: WorkFolder, auditor: BatchAuditor | None = None,
                        gate_only: bool = False, waves: WaveSetup | None = None) -> BatchesPorts:
    """What the batches of one run work over, at the workspace's root: the project's checks, its git, the
    implement tools, the auditor (the dev-verify audit; by code alone with `gate_only`), the findings board,
    and the worktrees batches run at once in (`waves`)."""
    from orkeon_engine.crews.dev_batches.run import BatchesPorts, PlanClose
    from orkeon_engine.services.dev_step import DevStep
    from orkeon_engine.services.project_checks import open_project_checks
    from orkeon_engine.services.pull_requests import pr_auto
    from orkeon_engine.services.step_auditor import StepAuditor

    git, shell = deps.git, deps.shell
    if git is None:
        raise NotConfiguredError("/dev-batches commits each batch it closes: open a folder inside a git repository")
    if shell is None:
        raise NotConfiguredError("/dev-batches runs the project's tests: this engine has no shell")
    ports = step_ports(deps)
    checks = await open_project_checks(ports.files, shell, deps.clock)
    step = DevStep(ports)
    auditor = auditor or StepAuditor(step, folder, checks, git, gate_only)
    return BatchesPorts(step=step, folder=folder, checks=checks, git=git, files=ports.files,
                        auditor=auditor, tools=lambda: implement_tools(deps, checks),
                        root=deps.workspace.root, left_out=(folder.folder, LOCAL_STATE),
                        plan_close=PlanClose(await pr_auto(deps.config), pull_request_opener(deps)),
                        publish=verdict_publisher(deps.findings, ports.files), waves=waves)


def wave_setup(deps: Deps, folder: WorkFolder, stack: AsyncExitStack) -> WaveSetup | None:
    """The worktrees of the workspace's repository and the ports of a batch run in one of them (each
    released when its run ends; a rebased batch's checks when the command ends, through `stack`); None when
    this engine has no worktrees."""
    from orkeon_engine.crews.dev_batches.run import WaveSetup
    from orkeon_engine.services.project_checks import open_project_checks

    worktrees, opener = deps.worktrees, deps.working_root
    if worktrees is None or opener is None:
        return None

    @asynccontextmanager
    async def ports_at(host: str) -> AsyncIterator[BatchesPorts]:
        root = opener(host, folder.folder)
        try:
            yield await batches_ports(tree_deps(deps, root), folder)
        finally:
            root.close()

    async def checks_at(host: str) -> ProjectChecks:
        root = opener(host, folder.folder)
        stack.callback(root.close)
        return await open_project_checks(root.files, root.shell, deps.clock)

    return WaveSetup(worktrees, checks_at, ports_at)


def tree_deps(deps: Deps, root: WorkingRoot) -> Deps:
    """The command's Deps with its files, shell, git and tools those of another working root (a worktree):
    no editor buffer or review source there."""
    workspace = dataclasses.replace(deps.workspace, root=root.root, git_root=root.root)
    return dataclasses.replace(deps, workspace=workspace, files=root.files, shell=root.shell, jobs=root.jobs,
                               git=root.git, toolbox=root.toolbox, code_index=root.code_index,
                               code_navigation=root.navigation, documents=None, review_source=None,
                               worktrees=None, working_root=None)


def pull_request_opener(deps: Deps) -> OpenPullRequest | None:
    """Opens the plan's pull request through the GitHub API (services/pull_requests.py, which names the gh pr
    create command when it cannot); None outside a git repository."""
    from orkeon_engine.services.pull_requests import open_pull_request

    ports = deps.pull_request_ports()
    if ports is None:
        return None

    async def opener(draft: PullRequestDraft) -> PullRequestOutcome:
        return await open_pull_request(draft, ports)

    return opener


def implement_tools(deps: Deps, checks: ProjectChecks) -> list[Tool[Any]]:
    """The implement tools this host offers, in IMPLEMENT_TOOLS' order."""
    from orkeon_engine.crews.dev_implement.run import IMPLEMENT_TOOLS
    from orkeon_engine.tools.check_tools import RunBuildTool, RunTestsTool

    box = deps.run_toolbox([RunTestsTool(checks), RunBuildTool(checks)])
    return [tool for name in IMPLEMENT_TOOLS if (tool := box.catalogue.find(name)) is not None]


def verdict_publisher(board: FindingsBoard | None,
                      files: Files) -> Callable[[str, AuditVerdict], Awaitable[None]] | None:
    """Publishes each verdict's rows on the findings board (None: no board, nothing shown)."""
    if board is None:
        return None

    async def publish(batch: str, verdict: AuditVerdict) -> None:
        rows = [(row.severity, row.cites, row.text) for row in verdict.rows]
        texts: dict[str, str] = {}
        for _, cites, _ in rows:
            place = cited_line(cites)
            if place is None or place[0] in texts:
                continue
            try:
                texts[place[0]] = await files.read_text(f"/workspace/{place[0]}")
            except FilesError:
                continue
        await board.publish(verdict_findings(batch, rows, texts))

    return publish
