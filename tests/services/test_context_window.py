from orkeon_engine.domain.compaction_thresholds import DEFAULT_CONTEXT_WINDOW
from orkeon_engine.services.context_window import resolve_context_window
from tests.support.deps import make_deps


async def _knows(value):
    async def lookup():
        if isinstance(value, Exception):
            raise value
        return value
    return lookup


async def test_the_setting_wins_over_the_models_information():
    deps = await make_deps()
    await deps.config.set_value("model.contextWindow", "32000", "session")

    choice = await resolve_context_window(deps.config, await _knows(128_000))

    assert (choice.tokens, choice.source) == (32_000, "model.contextWindow (session)")


async def test_the_models_information_is_used_when_the_setting_is_unset():
    deps = await make_deps()

    choice = await resolve_context_window(deps.config, await _knows(200_000))

    assert (choice.tokens, choice.source) == (200_000, "the model's information")
    assert choice.thresholds.window == 200_000


async def test_a_failing_or_silent_lookup_falls_back_to_the_default():
    deps = await make_deps()

    failing = await resolve_context_window(deps.config, await _knows(RuntimeError("no table")))
    silent = await resolve_context_window(deps.config, await _knows(None))

    assert failing.tokens == silent.tokens == DEFAULT_CONTEXT_WINDOW
    assert failing.source.startswith("the default")
