"""/context: how the context window is used, part by part of the next turn's prompt, with the gauge's
tier and what the automatic compaction will do."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import run_context_report
from orkeon_engine.domain.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.view import CommandView, table

ARGS = ArgSpec()


async def run_context(args: ParsedArgs, deps: Deps) -> CommandView:
    report = await run_context_report(main_loop_ports(deps))
    window = report.window.tokens
    rows = [[name, f"{tokens:,}", f"{100 * tokens / window:.1f}%"] for name, tokens in report.parts if tokens]
    thresholds = report.window.thresholds
    lines = [
        f"window: {window:,} tokens, from {report.window.source}; mode {report.mode}",
        f"history: {report.history_tokens:,} tokens live ({report.archived_entries} archived entries); "
        f"automatic compaction past {thresholds.auto_compact:,}",
        f"tiers: warning from {thresholds.warning:,}, error from {thresholds.error:,}",
        *report.notes,
    ]
    return CommandView(lines=tuple(lines), table=table(["part", "tokens", "of the window"], rows),
                       message=f"context: {report.gauge.line()}")
