"""/say <text> [--out]: the text spoken by the speech server, played on this machine, or with --out written
as a WAV file to /output (its path in the answer)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.speech import speech_ports
from orkeon_engine.crews.speech.run import speak
from orkeon_engine.domain.args import ArgSpec, Flag, ParsedArgs, Positional
from orkeon_engine.domain.view import CommandView

ARGS = ArgSpec(
    flags=(Flag("out", "write the speech to /output as a WAV file instead of playing it"),),
    positionals=(Positional("text", "what to say", required=True, many=True),),
)


async def run_say(args: ParsedArgs, deps: Deps) -> CommandView:
    text = " ".join(args.words)
    out = f"/output/say-{deps.clock.now():%Y%m%d-%H%M%S}.wav" if args.has("out") else None
    spoken = await speak(speech_ports(deps), text, out)
    length = f" ({spoken.seconds:g} s)" if spoken.seconds is not None else ""
    if out is not None:
        return CommandView(message=f"Wrote {out}{length}.", data={"path": out, "seconds": spoken.seconds})
    return CommandView(message=f"Said it{length}, played with {spoken.player or 'the default player'}.",
                       data={"seconds": spoken.seconds, "played": spoken.played})
