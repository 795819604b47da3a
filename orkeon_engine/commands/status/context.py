"""/context: how the context window is used, part by part of the next turn's prompt, with the gauge's
tier and what the automatic compaction will do; the window and the output limit with their sources; the
context the last model call used, as the provider counted it (domain/context/context_use.py); and the files
pinned to the context (/add, /read-only), each read-only or editable with its tokens."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.commands._shared.paths import shown
from orkeon_engine.crews.main_loop.run import run_context_report
from orkeon_engine.domain.context.context_files import ContextFile
from orkeon_engine.domain.context.context_use import context_used_text
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, table

ARGS = ArgSpec()


async def run_context(args: ParsedArgs, deps: Deps) -> CommandView:
    report = await run_context_report(main_loop_ports(deps))
    choice = report.window
    thresholds = choice.thresholds
    rows = [[name, f"{tokens:,}", f"{100 * tokens / choice.window:.1f}%" if choice.window else "-"]
            for name, tokens in report.parts if tokens]
    last = (f"last model call: {report.last_prompt_tokens:,} prompt tokens as the provider counted them "
            "(the header, the history, the tool definitions and that turn's tool results)"
            if report.last_prompt_tokens else "last model call: none in this session yet")
    lines = [
        f"window: {choice.window_text()}; mode {report.mode}",
        f"output: {choice.output_text()}",
        last,
        f"next prompt: about {report.gauge.used:,} tokens, estimated part by part below (before the request "
        "and its tool results)",
        f"history: {report.history_tokens:,} tokens live ({report.archived_entries} archived entries); "
        f"automatic compaction past {thresholds.auto_compact:,}",
        f"tiers: warning from {thresholds.warning:,}, error from {thresholds.error:,}",
        *report.notes,
        *_pinned_lines(deps, report.context_files, report.context_files_budget),
    ]
    used = context_used_text(report.last_prompt_tokens, report.gauge, thresholds)
    files = [{"path": f.path, "readOnly": f.read_only, "tokens": f.tokens, "leftOut": f.left_out}
             for f in report.context_files]
    return CommandView(lines=tuple(lines), table=table(["part", "tokens", "of the window"], rows),
                       message=f"context: {used}; session cost {report.gauge.cost}", data={"files": files})


def _pinned_lines(deps: Deps, files: tuple[ContextFile, ...], budget: int) -> list[str]:
    if not files:
        return ["pinned files: none (/add or /read-only pins one)"]
    used = sum(f.tokens for f in files if f.shown)
    lines = [f"pinned files: {len(files)}, about {used:,} of their {budget:,} tokens"]
    for item in files:
        state = f"{item.tokens:,} tokens" if item.shown else f"left out: {item.left_out}"
        lines.append(f"  {shown(deps, item.path)} ({item.kind}): {state}")
    return lines
