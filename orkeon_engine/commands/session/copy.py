"""/copy: the assistant's last answer, copied to your clipboard on the command line (a clipboard program,
else the terminal's OSC 52 escape; a clear message, and the answer printed, when there is neither). In an
editor or an ACP client, which hold the clipboard themselves, the answer comes back as the view's lines
and `data.text`, for the client to copy."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.session.history import last_answer
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.ports.clipboard import ClipboardError

ARGS = ArgSpec()


async def run_copy(args: ParsedArgs, deps: Deps) -> CommandView:
    answer = last_answer(await deps.session.entries())
    if answer is None:
        raise CommandFailedError("nothing to copy: the assistant has not answered in this session yet")
    text = answer.strip()
    size = f"{len(text):,} characters"
    if deps.clipboard is None:
        return CommandView(lines=tuple(text.splitlines()),
                           message=f"The last answer ({size}) is above and in this view's data.text, for the "
                           "client to copy.", data={"text": text, "copied": False})
    try:
        way = await deps.clipboard.copy(text)
    except ClipboardError as error:
        return CommandView(lines=tuple(text.splitlines()),
                           message=f"{error}. The answer is printed above to copy by hand.",
                           data={"text": text, "copied": False, "problem": str(error)}, exit_code=1)
    return CommandView(message=f"Copied the last answer ({size}) to the clipboard through {way}.",
                       data={"text": text, "copied": True, "via": way})
