"""/summary: a summary of the whole session (the compacted turns included) from its history alone, with no
tools: where things stand first, then the fixed headings. It changes nothing in the session."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import run_session_summary
from orkeon_engine.domain.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.view import CommandView, Document

ARGS = ArgSpec()


async def run_summary(args: ParsedArgs, deps: Deps) -> CommandView:
    text = (await run_session_summary(main_loop_ports(deps))).strip()
    return CommandView(message=text, document=Document("Orkeon: session summary", text + "\n"))
