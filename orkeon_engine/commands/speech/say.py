"""/say <text> [--out PATH]: the text spoken by the speech server, played on this machine, or with --out
written as a WAV file at PATH (relative to the person's folder; the answer names the file as it is on disk)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.paths import on_disk
from orkeon_engine.commands._shared.speech import speech_ports
from orkeon_engine.crews.speech.run import speak
from orkeon_engine.domain.ui.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView
from orkeon_engine.domain.workspace.workspace import shown_path

ARGS = ArgSpec(
    flags=(Flag("out", "write the speech to this WAV file instead of playing it", value="PATH"),),
    positionals=(Positional("text", "what to say", required=True, many=True),),
)


async def run_say(args: ParsedArgs, deps: Deps) -> CommandView:
    text = " ".join(args.words)
    typed = args.value("out")
    out = on_disk(deps, typed) if typed else None
    spoken = await speak(speech_ports(deps), text, host_out=out)
    length = f" ({spoken.seconds:g} s)" if spoken.seconds is not None else ""
    if out is not None:
        shown = shown_path(out, deps.workspace.here)
        return CommandView(message=f"Wrote {shown}{length}.", data={"path": out, "seconds": spoken.seconds})
    return CommandView(message=f"Said it{length}, played with {spoken.player or 'the default player'}.",
                       data={"seconds": spoken.seconds, "played": spoken.played})
