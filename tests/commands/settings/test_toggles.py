import pytest

from orkeon_engine.commands.settings.toggles import (
    TOGGLES,
    run_effort,
    run_fast,
    run_output_style,
    run_proactive,
)
from orkeon_engine.domain.errors import NotConfiguredError
from orkeon_engine.domain.settings.config_schema import find_key
from orkeon_engine.domain.ui.args import ArgumentError, ParsedArgs
from tests.support.deps import make_deps


def _words(*words):
    return ParsedArgs(words=tuple(words))


def test_every_descriptor_names_a_declared_key_of_its_kind():
    for toggle in TOGGLES:
        spec = find_key(toggle.key)
        assert spec is not None, toggle.key
        assert (spec.kind == "boolean") == toggle.is_switch
        assert toggle.is_switch or tuple(spec.allowed_choices()) == toggle.choices


async def test_effort_sets_the_session_value():
    deps = await make_deps()

    view = await run_effort(_words("high"), deps)

    assert await deps.config.get("assistant.effort") == "high"
    assert view.message == "the reasoning effort is high (session)"


async def test_bare_effort_shows_the_value_and_its_source():
    deps = await make_deps()

    view = await run_effort(_words(), deps)

    assert view.message == "the reasoning effort is unset (default)"


async def test_a_choice_outside_the_list_is_refused_with_the_choices():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="takes one of default, concise, explanatory or reset"):
        await run_output_style(_words("verbose"), deps)


async def test_bare_proactive_flips_the_switch():
    deps = await make_deps()
    await run_proactive(_words(), deps)

    view = await run_proactive(_words(), deps)

    assert await deps.config.get("assistant.proactive") is False
    assert view.message == "proactive work is off (session)"


async def test_reset_removes_the_sessions_value():
    deps = await make_deps()
    await run_output_style(_words("concise"), deps)

    view = await run_output_style(_words("reset"), deps)

    assert await deps.config.get("assistant.outputStyle") is None
    assert view.message.startswith("the output style is default (default)")


async def test_fast_needs_the_fast_model_setting():
    deps = await make_deps()

    with pytest.raises(NotConfiguredError, match="needs the model.fast setting"):
        await run_fast(_words("on"), deps)


async def test_fast_on_names_the_model_it_switches_to():
    deps = await make_deps()
    await deps.config.set_value("model.fast", "openai/gpt-4o-mini", "session")

    view = await run_fast(_words("on"), deps)

    assert view.message == "the fast model is on (session): openai/gpt-4o-mini"


async def test_a_switch_takes_only_on_off_or_reset():
    deps = await make_deps()

    with pytest.raises(ArgumentError, match="takes on, off or reset"):
        await run_proactive(_words("maybe"), deps)
