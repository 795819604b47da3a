"""/passes: show or set how many rounds /review runs by default in this session (the review.passes key)."""

from __future__ import annotations

from orkeon_engine.commands._shared.deps import Deps
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ArgSpec, ParsedArgs, Positional
from orkeon_engine.domain.ui.view import CommandView

MAX_PASSES = 5
ARGS = ArgSpec(positionals=(Positional("rounds", f"1 to {MAX_PASSES}: the session's default for /review"),))


def parse_passes(text: str, what: str) -> int:
    """A number of rounds from 1 to MAX_PASSES, or CommandFailedError naming `what` and what it accepts."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_PASSES:
        raise CommandFailedError(f"{what} {text!r} is not accepted; expected a whole number from 1 to {MAX_PASSES}")
    return value


async def run_passes(args: ParsedArgs, deps: Deps) -> CommandView:
    rounds = args.word(0)
    if rounds is not None:
        value = parse_passes(rounds, "/passes")
        await deps.config.set_value("review.passes", str(value), "session")
        return CommandView(message=f"review.passes = {value} (session): /review runs {_rounds(value)}")
    found = await deps.config.read_value("review.passes")
    value = int(found.value or 1)
    return CommandView(message=f"review.passes = {value} ({found.source}): /review runs {_rounds(value)}")


def _rounds(value: int) -> str:
    return "one round" if value == 1 else f"{value} rounds, each looking for what the earlier ones missed"
