"""/voice [send | --go] [--seconds N] [--language L]: dictation through the microphone.

Bare, it records and shows the dictation, kept for `/voice send`, which hands it to the assistant as the
request; `--go` records and sends at once (the dictation is the assistant's request, its prelude).
"""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.commands._shared.main_loop import run_assistant_turn
from orkeon_engine.commands._shared.speech import speech_ports
from orkeon_engine.crews.speech.run import record_dictation
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView

ARGS = ArgSpec(
    flags=(Flag("go", "record, then send the dictation to the assistant at once"),
           Flag("seconds", "how long to record (default 10)", value="N"),
           Flag("language", "the language spoken, as a code such as en (detected when unset)", value="CODE")),
    positionals=(Positional("send", "send: hand the last dictation to the assistant as the request"),),
)
DICTATION_KEY = "voice.dictation"
DEFAULT_SECONDS = 10.0


async def run_voice(args: ParsedArgs, deps: Deps) -> CommandView:
    action = args.word(0)
    if action not in (None, "send"):
        raise ArgumentError(f"unknown action {action!r}; /voice records, /voice send sends the last dictation",
                            ARGS.usage("voice"))
    if action == "send":
        if args.has("go"):
            raise ArgumentError("send and --go are two ways to send: give one", ARGS.usage("voice"))
        return await _send(deps)
    seconds = _seconds(args)
    language = args.value("language") or ""
    ports = speech_ports(deps)
    if args.has("go"):
        async def prelude() -> str:
            heard = await record_dictation(ports, seconds, language)
            if not heard.text:
                raise CommandFailedError("no words were heard in the recording, so the assistant was not started")
            return heard.text

        return await run_assistant_turn(deps, "", prelude)
    heard = await record_dictation(ports, seconds, language)
    await deps.session.set_state(DICTATION_KEY, heard.text)
    return CommandView(lines=(heard.text or "(no words were heard)",),
                       message="/voice send hands this to the assistant; /voice records again.",
                       data={"text": heard.text})


async def _send(deps: Deps) -> CommandView:
    dictation = await deps.session.get_state(DICTATION_KEY)
    if not isinstance(dictation, str) or not dictation.strip():
        raise CommandFailedError("there is no dictation to send yet: /voice records one")
    await deps.session.set_state(DICTATION_KEY, None)
    return await run_assistant_turn(deps, dictation)


def _seconds(args: ParsedArgs) -> float:
    text = args.value("seconds")
    if text is None:
        return DEFAULT_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds <= 600:
        raise ArgumentError(f"--seconds {text}: give a number of seconds between 0 and 600", ARGS.usage("voice"))
    return seconds
