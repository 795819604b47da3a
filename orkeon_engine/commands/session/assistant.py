"""/assistant <request>: one turn of the assistant (the main loop), also what free text at the prompt runs.

`mode:<name>` as the first word runs this turn in that mode (`/assistant mode:plan how would you split
this module?`); otherwise the session's mode (/mode), else the permissions.fallback setting, else default.
The answer says where the mode came from and what the rules took out of the tools; in the editor it is
also shown as a document when it runs over one line; with `voice.reply` on, it is spoken too.
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import run_assistant_turn
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView

ARGS = ArgSpec(
    positionals=(Positional("request", "what to do; mode:<name> first runs this turn in that mode", required=True,
                            many=True),),
    free_text=True,
    typed_from=0,
)


async def run_assistant(args: ParsedArgs, deps: Deps) -> CommandView:
    return await run_assistant_turn(deps, " ".join(args.words))
