"""/compact [focus] [--snip]: make room in the context.

It moves the durable facts to typed memory first, snips the history (its head and the last exchanges),
and summarises it only when the snip is not enough; a focus names what the summary must keep above all.
`--snip` only snips, with no model call. What is taken out stays archived for /summary; the files the
conversation was working on come back afterwards. A success resets the automatic compaction's breaker.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.services.compaction import CompactionPorts, compact_session
from orkeon_engine.services.context_window import resolve_context_window

ARGS = ArgSpec(
    flags=(Flag("snip", "only snip the history: no summary, no model call"),),
    positionals=(Positional("focus", "what the summary must keep above all", many=True),),
)


async def run_compact(args: ParsedArgs, deps: Deps) -> CommandView:
    snip_only = args.has("snip")
    focus = " ".join(args.words)
    if snip_only and focus:
        raise CommandFailedError("--snip writes no summary, so it takes no focus; drop one or the other")
    model = None if snip_only else deps.require_llm()
    if model is not None:
        await model.require_model()
    window = await resolve_context_window(deps.config, deps.context_window)
    ports = CompactionPorts(deps.session, deps.memory, deps.files, model, deps.logger)
    outcome = await compact_session(ports, window.thresholds, focus=focus, snip_only=snip_only)
    if outcome.kind == "failed":
        raise CommandFailedError(outcome.describe())
    return CommandView(message=outcome.describe())
