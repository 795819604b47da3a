"""/passes: the session's default number of review rounds."""

import pytest

from orkeon_engine.commands.git.passes import run_passes
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ParsedArgs
from tests.support.deps import make_deps


async def test_bare_passes_shows_the_default_of_one_round():
    deps = await make_deps()

    view = await run_passes(ParsedArgs(), deps)

    assert view.message == "review.passes = 1 (default): /review runs one round"


async def test_passes_with_a_number_sets_the_session_default():
    deps = await make_deps()

    view = await run_passes(ParsedArgs(words=("3",)), deps)

    assert view.message.startswith("review.passes = 3 (session): /review runs 3 rounds")
    assert await deps.config.get("review.passes") == 3


@pytest.mark.parametrize("text", ["0", "6", "two", "-1"])
async def test_a_number_outside_one_to_five_is_refused(text):
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="expected a whole number from 1 to 5"):
        await run_passes(ParsedArgs(words=(text,)), deps)
