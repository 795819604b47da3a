import pytest

from orkeon_engine.commands.settings.mode import run_mode
from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.ui.args import ParsedArgs
from tests.support.deps import make_deps
from tests.support.doubles.fake_config_files import FakeConfigFiles


async def test_show_says_the_fallback_when_nothing_is_set():
    deps = await make_deps()

    view = await run_mode(ParsedArgs(words=("show",)), deps)

    assert view.message == "mode: default (fallback)"
    assert view.lines == ("read-only: no; tools: read, network, edit, shell, extra",)


async def test_show_names_the_settings_file_that_sets_the_fallback():
    deps = await make_deps(files=FakeConfigFiles(project='{"permissions.fallback": "plan"}'))

    view = await run_mode(ParsedArgs(words=("show",)), deps)

    assert view.message == "mode: plan (settings: /repo/.orkeon/config.json)"
    assert view.lines == ("read-only: yes; tools: read",)


async def test_mode_with_a_name_sets_the_session_default():
    deps = await make_deps()

    view = await run_mode(ParsedArgs(words=("plan",)), deps)

    assert view.message == "mode: plan (session)"
    assert await deps.session.get_state("permissions.mode") == "plan"


async def test_bare_mode_shows_the_mode_and_changes_nothing():
    deps = await make_deps()

    view = await run_mode(ParsedArgs(), deps)

    assert view.message == "mode: default (fallback)"
    assert await deps.session.get_state("permissions.mode") is None


async def test_mode_next_cycles_through_default_accept_edits_and_plan():
    deps = await make_deps()

    seen = [(await run_mode(ParsedArgs(words=("next",)), deps)).message for _ in range(3)]

    assert seen == ["mode: acceptEdits (session)", "mode: plan (session)", "mode: default (session)"]


async def test_mode_next_says_where_the_previous_mode_came_from():
    deps = await make_deps(files=FakeConfigFiles(user='{"permissions.fallback": "dontAsk"}'))

    view = await run_mode(ParsedArgs(words=("next",)), deps)

    assert view.message == "mode: default (session)"
    assert view.lines[-1] == "was dontAsk (settings: /home/dev/.config/orkeon/config.json)"


async def test_an_unknown_mode_names_the_modes():
    deps = await make_deps()

    with pytest.raises(CommandFailedError, match="unknown mode 'fast'; modes: default, acceptEdits"):
        await run_mode(ParsedArgs(words=("fast",)), deps)


async def test_a_stale_session_mode_is_shown_as_refusing_every_call():
    deps = await make_deps()
    await deps.session.set_state("permissions.mode", "turbo")

    view = await run_mode(ParsedArgs(words=("show",)), deps)

    assert view.message == "mode: turbo (session)"
    assert view.lines[0] == "'turbo' is no mode: the permission gate refuses every call."
