"""/verify [what to check]: the assistant launched to check the current change with the project's own
checks: the tests nearest the changed files first, the zones' verification playbooks, then the wider run
the project states; its answer says what passed, what failed with its output, and what could not be
checked. Code reads the change, the zones' commands and the playbooks; the assistant runs the commands
through the permission gate, in the session's mode (a read-only mode runs none, and says so)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import assistant_view, main_loop_ports, voice_reply
from orkeon_engine.crews.main_loop.run import run_verify_turn
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.services.change_checks import gather_change_checks

ARGS = ArgSpec(
    positionals=(Positional("focus", "what to check besides the change (its behaviour, a case, a file)", many=True),),
    free_text=True,
    typed_from=0,
)


async def run_verify(args: ParsedArgs, deps: Deps) -> CommandView:
    if deps.files is None:
        raise NotConfiguredError("/verify needs the workspace's files, which this engine was built without")
    checks = await gather_change_checks(deps.files, deps.git, " ".join(args.words))
    return assistant_view(await run_verify_turn(checks, main_loop_ports(deps), await voice_reply(deps)))
