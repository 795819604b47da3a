"""/summary: a summary of the whole session (the compacted turns included) from its history alone, with no
tools: where things stand first, then the fixed headings. It changes nothing in the session."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import main_loop_ports
from orkeon_engine.crews.main_loop.run import run_session_summary
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView, Document

ARGS = ArgSpec()


async def run_summary(args: ParsedArgs, deps: Deps) -> CommandView:
    text = (await run_session_summary(main_loop_ports(deps))).strip()
    # The summary is shown once: as the lines in a terminal, as the document in an editor; the message only
    # says what it is.
    return CommandView(lines=tuple(text.splitlines()), document=Document("Orkeon: session summary", text + "\n"),
                       message=f"the summary of session {deps.session.id}; the session is unchanged.")
