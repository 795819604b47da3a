from orkeon_engine.adapters.litellm_model_info import litellm_context_window


async def test_a_model_litellm_knows_has_its_window():
    assert await litellm_context_window("openai/gpt-4o-mini") == 128_000


async def test_a_model_it_does_not_know_has_none():
    assert await litellm_context_window("openai/a-local-model-nobody-mapped") is None
