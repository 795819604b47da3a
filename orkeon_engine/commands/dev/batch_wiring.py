"""What /dev-batches builds from the command's Deps: the implement tools of one launch (the standard ones this
host offers, with run_tests and run_build over the project's checks), and the publisher that shows a verdict's
rows as diagnostics on the lines they cite."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.dev.verdict_findings import cited_line, verdict_findings
from orkeon_engine.ports.batch_audit import AuditVerdict
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.ports.project_checks import ProjectChecks
from orkeon_engine.services.findings_board import FindingsBoard
from orkeon_engine.tools.base import Tool


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
