import pytest

from orkeon_engine.commands.settings.mode import run_mode
from orkeon_engine.domain.args import ParsedArgs
from orkeon_engine.domain.errors import CommandFailedError
from tests.support.deps import make_deps


async def test_bare_mode_shows_the_fallback_when_nothing_is_set():
    deps = await make_deps()

    view = await run_mode(ParsedArgs(), deps)

    assert view.message == "mode: default (fallback)"


async def test_mode_with_a_name_sets_the_session_default():
    deps = await make_deps()

    view = await run_mode(ParsedArgs(words=("plan",)), deps)

    assert view.message == "mode: plan (session)"
    assert await deps.session.get_state("permissions.mode") == "plan"


async def test_an_unknown_mode_names_the_modes():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="unknown mode 'fast'; modes: default, acceptEdits"):
        await run_mode(ParsedArgs(words=("fast",)), deps)
