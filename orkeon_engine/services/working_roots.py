"""WorkingRoot: the ports of a working root other than the workspace's: a batch's git worktree when
/dev-batches runs batches at once (`--concurrency N`). Its files mount /workspace on that folder (a relative
path a role hands a tool resolves there), with the main working tree's work folder mounted over its own, so
the plan, the sheets, the verdicts and batches-state.md stay one; its shell, its jobs and its git run there,
and its tools are built over them. The composition root opens one (`OpenWorkingRoot`); `close` releases it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from orkeon_engine.ports.code_index import CodeIndex
from orkeon_engine.ports.code_navigation import CodeNavigation
from orkeon_engine.ports.files import Files
from orkeon_engine.ports.git import Git
from orkeon_engine.ports.shell import Shell
from orkeon_engine.ports.shell_jobs import ShellJobs
from orkeon_engine.tools.toolbox import ToolboxFactory


@dataclass(frozen=True)
class WorkingRoot:
    root: str
    """The folder, as a host path."""
    files: Files
    shell: Shell
    jobs: ShellJobs
    git: Git
    toolbox: ToolboxFactory
    code_index: CodeIndex | None
    navigation: CodeNavigation | None
    close: Callable[[], None]


OpenWorkingRoot = Callable[[str, str], WorkingRoot]
"""(the folder as a host path, the work folder shared from the main working tree, workspace-relative) → its
ports."""
