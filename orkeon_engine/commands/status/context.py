"""/context: how the context window is used, part by part of the next turn's prompt, with the gauge's
tier and what the automatic compaction will do, and the files pinned to the context (/add, /read-only),
each read-only or editable with its tokens."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.commands._shared.paths import shown
from orkeon_engine.crews.main_loop.run import run_context_report
from orkeon_engine.domain.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.context_files import ContextFile
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
        *_pinned_lines(deps, report.context_files, report.context_files_budget),
    ]
    files = [{"path": f.path, "readOnly": f.read_only, "tokens": f.tokens, "leftOut": f.left_out}
             for f in report.context_files]
    return CommandView(lines=tuple(lines), table=table(["part", "tokens", "of the window"], rows),
                       message=f"context: {report.gauge.line()}", data={"files": files})


def _pinned_lines(deps: Deps, files: tuple[ContextFile, ...], budget: int) -> list[str]:
    if not files:
        return ["pinned files: none (/add or /read-only pins one)"]
    used = sum(f.tokens for f in files if f.shown)
    lines = [f"pinned files: {len(files)}, about {used:,} of their {budget:,} tokens"]
    for item in files:
        state = f"{item.tokens:,} tokens" if item.shown else f"left out: {item.left_out}"
        lines.append(f"  {shown(deps, item.path)} ({item.kind}): {state}")
    return lines
