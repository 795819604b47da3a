"""/usage (alias /cost): the session's model calls, tokens and cost, in total, by model and by command."""

from __future__ import annotations

from typing import Any

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.model.usage import UsageSummary, UsageTotals
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, table

ARGS = ArgSpec()
COLUMNS = ("", "calls", "input", "output", "cache read", "cache write", "cost")


async def run_usage(args: ParsedArgs, deps: Deps) -> CommandView:
    if deps.usage is None:
        raise CommandFailedError("/usage: this engine keeps no usage ledger")
    try:
        summary = await deps.usage.summary(deps.session.id)
    except OSError as error:
        raise CommandFailedError(f"/usage: {error}") from None
    if summary.total.calls == 0:
        return CommandView(message=f"No model call in session {deps.session.id} yet.", data=_data(summary))
    rows = [_row("total", summary.total)]
    rows += [_row(f"model {name}", totals) for name, totals in summary.by_model]
    rows += [_row(f"command /{name}", totals) for name, totals in summary.by_command]
    note = " Unpriced calls: set model.pricing (/config keys)." if summary.total.unpriced_calls else ""
    return CommandView(
        table=table(COLUMNS, rows),
        message=f"Session {deps.session.id}: {summary.total.calls} model calls, {summary.total.cost_text()}.{note}",
        data=_data(summary),
    )


def _row(label: str, totals: UsageTotals) -> list[str]:
    return [label, f"{totals.calls:,}", f"{totals.input_tokens:,}", f"{totals.output_tokens:,}",
            f"{totals.cache_read_tokens:,}", f"{totals.cache_write_tokens:,}", totals.cost_text()]


def _data(summary: UsageSummary) -> dict[str, Any]:
    def one(totals: UsageTotals) -> dict[str, Any]:
        return {"calls": totals.calls, "inputTokens": totals.input_tokens, "outputTokens": totals.output_tokens,
                "cacheReadTokens": totals.cache_read_tokens, "cacheWriteTokens": totals.cache_write_tokens,
                "cost": totals.cost, "unpricedCalls": totals.unpriced_calls}

    return {
        "total": one(summary.total),
        "byModel": {name: one(totals) for name, totals in summary.by_model},
        "byCommand": {name: one(totals) for name, totals in summary.by_command},
    }
